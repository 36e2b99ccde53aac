"use client";
// An order's state as a timeline: created, paid, registered, or where it stopped and why.
import Link from "next/link";
import type { Order } from "@/lib/contract/schemas/market";
import { dateTime, usd } from "../format";
import { Badge, ErrorPanel, Loading } from "../status";
import { RefundClaims } from "./refund-claim";
import { FINAL_STATUSES, useOrder } from "./use-order";

const STATUS_TEXT: Record<
  Order["orderStatus"],
  { label: string; tone: "green" | "red" | "amber" | "slate" | "indigo" }
> = {
  PENDING: { label: "Awaiting payment", tone: "amber" },
  PAID: { label: "Paid — registering", tone: "indigo" },
  COMPLETED: { label: "Completed", tone: "green" },
  EXPIRED: { label: "Expired", tone: "slate" },
  FAILED: { label: "Failed", tone: "red" },
  REFUNDED: { label: "Refunded", tone: "slate" },
};

export function OrderStatusBadge({ status }: { status: Order["orderStatus"] }) {
  const text = STATUS_TEXT[status] ?? { label: status, tone: "slate" as const };
  return <Badge tone={text.tone}>{text.label}</Badge>;
}

type StepState = "done" | "current" | "upcoming" | "failed";

/** "Payment seen, 1 of 2 confirmations": a crypto payment the watcher sees before it confirms. */
export function paymentSeenText(seen: NonNullable<Order["paymentSeen"]>): string {
  return (
    `Payment seen, ${seen.confirmations} of ${seen.confirmationsRequired} confirmations` +
    (seen.holdsName ? "; the name stays held until it confirms" : "")
  );
}

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

export function OrderView({ orderId }: { orderId: string }) {
  const query = useOrder(orderId);
  if (query.isPending) return <Loading label="Loading the order…" />;
  if (query.isError) {
    return (
      <ErrorPanel error={query.error} title="The order could not be loaded" onRetry={() => query.refetch()}>
        <p className="mt-1">Check the order link; an order id is the uuid shown after checkout.</p>
      </ErrorPanel>
    );
  }
  const order = query.data;
  const final = FINAL_STATUSES.includes(order.orderStatus);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="break-all text-2xl font-semibold">{order.domain}</h1>
        <span data-testid="order-status">
          <OrderStatusBadge status={order.orderStatus} />
        </span>
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <section className="card" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="font-semibold">
            Progress
          </h2>
          <ol className="mt-4 space-y-0">
            {stepsOf(order).map((step, index, steps) => (
              <li key={step.title} className="relative flex gap-3 pb-6 last:pb-0">
                {index < steps.length - 1 ? (
                  <span className="absolute left-[7px] top-5 h-full w-0.5 bg-slate-200" aria-hidden="true" />
                ) : null}
                <span
                  className={`relative mt-1 size-4 shrink-0 rounded-full ring-4 ${DOT[step.state]}`}
                  aria-hidden="true"
                />
                <div className="min-w-0">
                  <p className="font-medium">
                    {step.title} <span className="sr-only">({STATE_TEXT[step.state]})</span>
                  </p>
                  {step.detail ? <p className="break-words text-sm text-slate-600">{step.detail}</p> : null}
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-6 break-words text-sm text-slate-700" aria-live="polite" data-testid="order-reason">
            {order.orderStatusReason}
          </p>
          {!final ? (
            <p className="mt-2 text-xs text-slate-500">This page refreshes by itself until the order is final.</p>
          ) : null}
          {order.orderStatus === "COMPLETED" ? (
            <Link href={`/resolve/${encodeURIComponent(order.domain)}`} className="btn-primary mt-4">
              See how {order.domain} resolves
            </Link>
          ) : null}
          {order.orderStatus === "EXPIRED" || order.orderStatus === "FAILED" || order.orderStatus === "REFUNDED" ? (
            <Link
              href={`/checkout/${order.renewal ? "renew/" : ""}${encodeURIComponent(order.domain)}`}
              className="btn-secondary mt-4"
            >
              Try again
            </Link>
          ) : null}
        </section>
        <section className="card text-sm" aria-labelledby="details-heading">
          <h2 id="details-heading" className="font-semibold">
            Details
          </h2>
          <dl className="mt-3 space-y-2">
            <Detail label="Order" value={<span className="mono">{order.id}</span>} />
            <Detail label="Owner" value={<span className="mono">{order.ownerAddress}</span>} />
            <Detail
              label="Price"
              value={`${
                order.baseCurrency === "USD" ? usd(order.basePrice) : `${order.basePrice} ${order.baseCurrency}`
              }`}
            />
            <Detail
              label="Paid with"
              value={`${order.paymentType === "card" ? "Card" : "Crypto"} · ${order.price} ${order.currency}`}
            />
            <Detail label="Updated" value={dateTime(order.updatedAt)} />
          </dl>
        </section>
      </div>
      {order.paymentType === "crypto" ? <RefundClaims orderId={order.id} ownerAddress={order.ownerAddress} /> : null}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}
