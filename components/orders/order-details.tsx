"use client";
// The facts of an order beside its timeline: id, owner, price, how it was paid, last change.
import type { Order } from "@/lib/contract/schemas/market";
import { dateTime, usd } from "../format";

export function OrderDetails({ order }: { order: Order }) {
  return (
    <section className="card text-sm" aria-labelledby="details-heading">
      <h2 id="details-heading" className="font-semibold">
        Details
      </h2>
      <dl className="mt-3 space-y-2">
        <Detail label="Order" value={<span className="mono">{order.id}</span>} />
        <Detail label="Owner" value={<span className="mono">{order.ownerAddress}</span>} />
        <Detail
          label="Price"
          value={`${order.baseCurrency === "USD" ? usd(order.basePrice) : `${order.basePrice} ${order.baseCurrency}`}`}
        />
        <Detail
          label="Paid with"
          value={`${order.paymentType === "card" ? "Card" : "Crypto"} · ${order.price} ${order.currency}`}
        />
        <Detail label="Updated" value={dateTime(order.updatedAt)} />
      </dl>
    </section>
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
