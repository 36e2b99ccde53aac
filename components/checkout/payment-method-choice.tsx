"use client";
// The card-or-crypto choice of a checkout, shared by purchases and renewals.

export type PaymentMethod = "card" | "crypto";

export function PaymentMethodChoice({
  id,
  method,
  onChange,
}: {
  id: string;
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <div className="clear-both grid grid-cols-1 gap-3 sm:grid-cols-2">
      {(["card", "crypto"] as const).map((choice) => (
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
