"use client";
// The renewal form: more years for a registered name (or one in its grace period), paid by card or
// crypto through the same payment step and order page as a purchase.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { apiClient, ApiRequestError, unwrap } from "../api/client";
import { OrderSummary } from "../checkout/order-summary";
import { CRYPTO_CODES, PaymentFields } from "../checkout/payment-fields";
import { PaymentStep, type StartedPayment } from "../checkout/payment-step";
import { randomUuid } from "../checkout/random-uuid";
import { yearsTotal, YearsSelect } from "../checkout/years-select";
import { dateTime, usd } from "../format";
import { ErrorPanel } from "../status";

const RenewalChoice = z.object({
  years: z.number().int().min(1).max(10),
  method: z.enum(["card", "crypto"]),
  currency: z.enum(CRYPTO_CODES),
});
type RenewalChoice = z.infer<typeof RenewalChoice>;

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

export function RenewalForm({
  name,
  pricePerYear,
  expiresAt,
  graceEndsAt,
  initialYears,
  cardPayments,
}: {
  name: string;
  pricePerYear: number;
  expiresAt: string;
  graceEndsAt?: string;
  initialYears: number;
  cardPayments: boolean;
}) {
  const id = useId();
  const form = useForm<RenewalChoice>({
    resolver: zodResolver(RenewalChoice),
    defaultValues: { years: initialYears, method: cardPayments ? "card" : "crypto", currency: "ETH" },
  });
  const [years, method, currency] = useWatch({ control: form.control, name: ["years", "method", "currency"] });
  // One idempotency key per distinct request: a retry replays it, a changed choice is a new renewal.
  const checkoutIds = useRef(new Map<string, string>());
  const total = yearsTotal(pricePerYear, years);

  const renew = useMutation({
    mutationFn: async ({ years, method, currency }: RenewalChoice): Promise<StartedPayment> => {
      const key = JSON.stringify(method === "card" ? [name, years] : [name, years, currency]);
      if (!checkoutIds.current.has(key)) checkoutIds.current.set(key, randomUuid());
      const checkoutId = checkoutIds.current.get(key)!;
      if (method === "card") {
        const body = { domain: name, years, checkoutId };
        return { kind: "card", session: await unwrap(apiClient.POST("/v1/market/renew", { body })) };
      }
      const body = { domain: name, years, currency, checkoutId };
      return { kind: "crypto", offer: await unwrap(apiClient.POST("/v1/market/crypto/renew", { body })) };
    },
  });

  if (renew.data) {
    const summary = (
      <>
        {name} for {years} more {years === 1 ? "year" : "years"}:{" "}
        <strong className="text-slate-900">{usd(total)}</strong>; it will expire on{" "}
        {dateTime(addYears(expiresAt, years))}.
      </>
    );
    return <PaymentStep started={renew.data} total={total} summary={summary} />;
  }

  const conflict = renew.error instanceof ApiRequestError && renew.error.status === 409;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((choice) => renew.mutate(choice))}
        noValidate
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        <div className="space-y-6">
          <section className="card space-y-2" aria-label="State of the name">
            <p className="text-sm text-slate-700" data-testid="renewal-state">
              {graceEndsAt
                ? `${name} expired on ${dateTime(expiresAt)} and no longer resolves. Anyone may renew it until ` +
                  `${dateTime(graceEndsAt)}; after that it returns to the market.`
                : `${name} is registered until ${dateTime(expiresAt)}. Anyone may pay to extend it; only its ` +
                  "expiry changes."}
            </p>
          </section>
          <fieldset className="card space-y-4">
            <legend className="sr-only">Renewal</legend>
            <div className="max-w-xs">
              <YearsSelect id={`${id}-years`} label="Renew for" pricePerYear={pricePerYear} />
            </div>
          </fieldset>
          <PaymentFields id={id} cardPayments={cardPayments} />
        </div>
        <OrderSummary
          rows={[
            ["Name", <span className="font-medium">{name}</span>],
            ["Price per year", usd(pricePerYear)],
            ["New expiry", dateTime(addYears(expiresAt, years))],
          ]}
          total={total}
          method={method}
          currency={currency}
          pending={renew.isPending}
          error={
            renew.isError ? (
              <ErrorPanel
                error={renew.error}
                title={conflict ? "This name cannot be renewed now" : "The renewal could not be started"}
              />
            ) : null
          }
        />
      </form>
    </FormProvider>
  );
}
