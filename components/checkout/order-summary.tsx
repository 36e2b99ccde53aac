"use client";
// The summary beside a checkout form: what is bought, the total, the answer of a failed start and
// the button that starts the payment.
import type { ReactNode } from "react";
import { usd } from "../format";
import type { PaymentMethod } from "./payment-method-choice";

export function OrderSummary({
  rows,
  total,
  method,
  currency,
  pending,
  error,
}: {
  rows: [label: string, value: ReactNode][];
  total: number;
  method: PaymentMethod;
  currency: string;
  pending: boolean;
  error: ReactNode;
}) {
  return (
    <aside className="lg:sticky lg:top-4 lg:self-start">
      <div className="card space-y-3">
        <h2 className="font-semibold">Summary</h2>
        <dl className="space-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-all text-right">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-semibold" data-testid="checkout-total">
              {usd(total)}
            </dd>
          </div>
        </dl>
        {error}
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Starting the payment…" : method === "card" ? "Continue to card payment" : `Pay with ${currency}`}
        </button>
      </div>
    </aside>
  );
}
