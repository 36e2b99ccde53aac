"use client";
// An order's three steps (created, paid, registered) as a vertical timeline, each done, in
// progress, not yet reached, or where the order stopped and why.
import type { Order } from "@/lib/contract/schemas/market";
import { dateTime } from "../format";
import { paymentSeenText } from "./order-status";

type StepState = "done" | "current" | "upcoming" | "failed";

function stepsOf(order: Order): { title: string; state: StepState; detail?: string }[] {
  const status = order.orderStatus;
  const paid = status === "PAID" || status === "COMPLETED";
  const stopped = status === "EXPIRED" || status === "FAILED" || status === "REFUNDED";
  return [
    { title: "Order created", state: "done", detail: dateTime(order.createdAt) },
    {
      title:
        stopped && !paid
          ? status === "EXPIRED"
            ? "Payment not received in time"
            : status === "REFUNDED"
              ? "Payment refunded"
              : "Payment failed"
          : "Payment",
      state: paid ? "done" : stopped ? "failed" : "current",
      detail: paid
        ? `${order.price} ${order.currency} received`
        : stopped
          ? order.orderStatusReason
          : order.paymentSeen
            ? paymentSeenText(order.paymentSeen)
            : `Waiting for ${order.price} ${order.currency}`,
    },
    {
      title: order.renewal ? "Name renewed" : "Name registered",
      state: status === "COMPLETED" ? "done" : status === "PAID" ? "current" : stopped ? "upcoming" : "upcoming",
      detail:
        status !== "COMPLETED"
          ? undefined
          : order.renewal?.nameExpiresAt
            ? `Expires ${dateTime(order.renewal.nameExpiresAt)}`
            : dateTime(order.updatedAt),
    },
  ];
}

const DOT: Record<StepState, string> = {
  done: "bg-emerald-600 ring-emerald-100",
  current: "bg-indigo-600 ring-indigo-100 animate-pulse",
  upcoming: "bg-slate-300 ring-slate-100",
  failed: "bg-red-600 ring-red-100",
};

const STATE_TEXT: Record<StepState, string> = {
  done: "done",
  current: "in progress",
  upcoming: "not yet",
  failed: "stopped",
};

export function OrderSteps({ order }: { order: Order }) {
  return (
    <ol className="mt-4 space-y-0">
      {stepsOf(order).map((step, index, steps) => (
        <li key={step.title} className="relative flex gap-3 pb-6 last:pb-0">
          {index < steps.length - 1 ? (
            <span className="absolute left-[7px] top-5 h-full w-0.5 bg-slate-200" aria-hidden="true" />
          ) : null}
          <span className={`relative mt-1 size-4 shrink-0 rounded-full ring-4 ${DOT[step.state]}`} aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium">
              {step.title} <span className="sr-only">({STATE_TEXT[step.state]})</span>
            </p>
            {step.detail ? <p className="break-words text-sm text-slate-600">{step.detail}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
