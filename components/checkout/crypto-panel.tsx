"use client";
// A crypto offer: what to send where, as a QR code of the payment URI and as text to copy, the
// time left, and the order's status read again until it is paid, expired or failed.
import Link from "next/link";
import { CopyButton } from "../copy-button";
import { useOrder } from "../orders/use-order";
import type { CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { OrderStatusBadge, paymentSeenText } from "../orders/order-status";
import { OfferCountdown } from "./offer-countdown";
import { PaymentQrCode } from "./payment-qr-code";

/** What endpoint 12 answers: the payment destination, amount, URI and details. */
export type CryptoOffer = CryptoPurchaseResponse;

export function CryptoPanel({ offer }: { offer: CryptoOffer }) {
  const order = useOrder(offer.orderId, 2_000);
  const status = order.data?.orderStatus ?? "PENDING";
  const details = offer.paymentDetails;
  const amount = details.amountDecimal ?? String(offer.amount);
  const waiting = status === "PENDING";

  return (
    <div className="card space-y-5" data-testid="crypto-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          Send {amount} {details.currency}
        </h2>
        <span data-testid="crypto-status">
          <OrderStatusBadge status={status} />
        </span>
      </div>
      {details.testConfiguration ? (
        <p
          role="note"
          className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <strong>Test configuration:</strong> the deposit address comes from a published test key and the rate from a
          built-in table. Do not send real funds.
        </p>
      ) : null}
      {waiting ? (
        <>
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <PaymentQrCode
              value={offer.uri}
              label={`QR code to pay ${amount} ${details.currency} to ${offer.address}`}
            />
            <dl className="w-full min-w-0 space-y-3 text-sm">
              <Line label="Amount" value={amount} copyLabel="amount" suffix={details.currency} />
              <Line label="To address" value={offer.address} copyLabel="deposit address" testId="deposit-address" />
              <div>
                <dt className="text-slate-500">Network</dt>
                <dd>
                  {details.network}
                  {details.chainId ? ` (chain id ${details.chainId})` : ""}
                </dd>
              </div>
              {details.tokenContract ? (
                <Line label="Token contract" value={details.tokenContract} copyLabel="token contract" />
              ) : null}
            </dl>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <a href={offer.uri} className="btn-primary">
              Open in wallet
            </a>
            <CopyButton value={offer.uri} label="payment link" />
            <OfferCountdown expiryEpochSeconds={offer.expiryDateEpoch} />
          </div>
          <p className="text-sm text-slate-600">
            Send exactly this amount in one transfer. The payment is detected on its own; it counts after{" "}
            {details.confirmationsRequired} {details.confirmationsRequired === 1 ? "confirmation" : "confirmations"}.
            You can leave this page and follow the{" "}
            <Link href={`/orders/${offer.orderId}`} className="text-indigo-700 underline">
              order page
            </Link>
            .
          </p>
        </>
      ) : null}
      {order.data?.paymentSeen && order.data.orderStatus === "PENDING" ? (
        <p className="text-sm font-medium text-indigo-700" data-testid="crypto-payment-seen">
          {paymentSeenText(order.data.paymentSeen)}
        </p>
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="crypto-status-reason">
        {order.isError
          ? `The order status could not be read (${order.error.message}); retrying.`
          : (order.data?.orderStatusReason ?? "Waiting for your payment…")}
      </p>
      {!waiting ? (
        <Link href={`/orders/${offer.orderId}`} className="btn-primary">
          View the order
        </Link>
      ) : null}
    </div>
  );
}

function Line({
  label,
  value,
  copyLabel,
  suffix,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  suffix?: string;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 flex items-start gap-2">
        <span className="mono min-w-0 flex-1" data-testid={testId}>
          {value}
          {suffix ? ` ${suffix}` : ""}
        </span>
        <CopyButton value={value} label={copyLabel} />
      </dd>
    </div>
  );
}
