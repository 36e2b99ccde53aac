"use client";
// The card-or-crypto choice of a checkout, shared by purchases and renewals. With card payments
// off on the server (live settings without Stripe) only crypto is offered.

export type PaymentMethod = "card" | "crypto";

export function PaymentMethodChoice({
  id,
  method,
  onChange,
  cardPayments,
}: {
  id: string;
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  cardPayments: boolean;
}) {
  const choices: PaymentMethod[] = cardPayments ? ["card", "crypto"] : ["crypto"];
  return (
    <div className="clear-both grid grid-cols-1 gap-3 sm:grid-cols-2">
      {cardPayments ? null : (
        <p className="text-sm text-slate-600 sm:col-span-2" data-testid="card-payments-off">
          Card payments are not available on this server. Pay with crypto.
        </p>
      )}
      {choices.map((choice) => (
        <label
          key={choice}
          className={
            "flex cursor-pointer items-start gap-3 rounded-lg border p-3 " +
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 " +
            `${method === choice ? "border-indigo-600 bg-indigo-50" : "border-slate-300"}`
          }
        >
          <input
            type="radio"
            name={`${id}-method`}
            value={choice}
            checked={method === choice}
            onChange={() => onChange(choice)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{choice === "card" ? "Card" : "Crypto"}</span>
            <span className="block text-sm text-slate-600">
              {choice === "card" ? "Visa, Mastercard and more." : "ETH, USDC or BTC to a one-time address."}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
