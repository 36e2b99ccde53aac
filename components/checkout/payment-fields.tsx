"use client";
// The payment part of a checkout form, shared by purchases and renewals: card or crypto and, for
// crypto, the currency (plus whatever the caller asks of a crypto buyer).
import type { ReactNode } from "react";
import { useController, useFormContext, useWatch } from "react-hook-form";
import { PaymentMethodChoice, type PaymentMethod } from "./payment-method-choice";

export const CRYPTO_CURRENCIES = [
  { code: "ETH", label: "Ether (ETH)" },
  { code: "USDC", label: "USD Coin (USDC, ERC-20)" },
  { code: "BTC", label: "Bitcoin (BTC)" },
] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number]["code"];
export const CRYPTO_CODES = CRYPTO_CURRENCIES.map((c) => c.code) as [CryptoCurrency, ...CryptoCurrency[]];

export interface PaymentChoice {
  method: PaymentMethod;
  currency: CryptoCurrency;
}

export function PaymentFields({
  id,
  cardPayments,
  children,
}: {
  id: string;
  cardPayments: boolean;
  children?: ReactNode;
}) {
  const { control, register } = useFormContext<PaymentChoice>();
  const { field } = useController({ control, name: "method" });
  const method = useWatch({ control, name: "method" });
  return (
    <fieldset className="card space-y-4">
      <legend className="float-left mb-2 w-full font-semibold">Payment</legend>
      <PaymentMethodChoice id={id} method={field.value} onChange={field.onChange} cardPayments={cardPayments} />
      {method === "crypto" ? (
        <div className={children ? "grid grid-cols-1 gap-4 sm:grid-cols-2" : undefined}>
          <div className={children ? "sm:col-span-2" : "max-w-xs"}>
            <label htmlFor={`${id}-currency`} className="label">
              Pay with
            </label>
            <select id={`${id}-currency`} {...register("currency")} className="input">
              {CRYPTO_CURRENCIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          {children}
        </div>
      ) : null}
    </fieldset>
  );
}
