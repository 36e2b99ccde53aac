"use client";
// An order's page: its status, the timeline of created, paid, registered (or where it stopped and
// why), its details, and for crypto orders the refund to claim.
import Link from "next/link";
import { ErrorPanel, Loading } from "../status";
import { OrderDetails } from "./order-details";
import { OrderStatusBadge } from "./order-status";
import { OrderSteps } from "./order-steps";
import { RefundClaims } from "./refund-claim";
import { FINAL_STATUSES, useOrder } from "./use-order";

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
          <OrderSteps order={order} />
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
        <OrderDetails order={order} />
      </div>
      {order.paymentType === "crypto" ? <RefundClaims orderId={order.id} ownerAddress={order.ownerAddress} /> : null}
    </div>
  );
}
