"use client";
// Renewal checkout: anyone may pay more years for a registered name (or one in its grace period),
// by card (Stripe's Payment Element or the built-in test processor) or crypto, through the same
// payment steps and order page as a purchase.
import { useMutation } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useId, useRef, useState, type FormEvent } from "react";
import type { CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { apiClient, ApiRequestError, unwrap } from "../api/client";
import { TEST_PROCESSOR_KEY } from "../checkout/checkout-flow";
import { CryptoPanel } from "../checkout/crypto-panel";
import { randomUuid } from "../checkout/random-uuid";
import { TestCardForm } from "../checkout/test-card-form";
import { dateTime, usd } from "../format";
import { Empty, ErrorPanel, Loading } from "../status";
import { useRenewalPrice } from "./renew-panel";
import { PaymentMethodChoice, type PaymentMethod } from "../checkout/payment-method-choice";

const StripePayment = dynamic(() => import("../checkout/stripe-payment").then((m) => m.StripePayment), {
  ssr: false,
  loading: () => <Loading label="Loading the secure card form…" />,
});

const CURRENCIES = [
  { code: "ETH", label: "Ether (ETH)" },
  { code: "USDC", label: "USD Coin (USDC, ERC-20)" },
  { code: "BTC", label: "Bitcoin (BTC)" },
] as const;

interface CardSession {
  orderId: string;
  processorCheckoutSession: string;
  processorPublishableKey: string;
}

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

export function RenewalCheckout({
  name,
  initialYears,
  cardPayments,
}: {
  name: string;
  initialYears: number;
  cardPayments: boolean;
}) {
  const result = useRenewalPrice(name);
  if (result.isPending) return <Loading label={`Checking ${name}…`} />;
  if (result.isError)
    return <ErrorPanel error={result.error} title={`${name} could not be checked`} onRetry={() => result.refetch()} />;
  const found = result.data;
  if (found?.available) {
    return (
      <Empty title={`${found.name} is not registered`}>
        <p>
          There is nothing to renew.{" "}
          <Link href={`/checkout/${encodeURIComponent(found.name)}`} className="text-indigo-700 underline">
            Buy {found.name}
          </Link>{" "}
          instead.
        </p>
      </Empty>
    );
  }
  const renewable = (found?.reason === "taken" || found?.reason === "grace") && found.expiresAt;
  if (!found || !renewable || found.priceUsdPerYear === undefined) {
    return (
      <Empty title={`${name} cannot be renewed here`}>
        <p>
          {found?.reason === "taken" ? `${found.name} does not expire.` : (found?.message ?? "It is not for sale.")}
        </p>
      </Empty>
    );
  }
  return (
    <RenewalForm
      name={found.name}
      pricePerYear={found.priceUsdPerYear}
      expiresAt={found.expiresAt!}
      graceEndsAt={found.reason === "grace" ? found.graceEndsAt : undefined}
      initialYears={initialYears}
      cardPayments={cardPayments}
    />
  );
}

function RenewalForm({
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
  const [years, setYears] = useState(initialYears);
  const [method, setMethod] = useState<PaymentMethod>(cardPayments ? "card" : "crypto");
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]["code"]>("ETH");
  // One idempotency key per distinct request: a retry replays it, a changed choice is a new renewal.
  const checkoutIds = useRef(new Map<string, string>());
  const total = Math.round(pricePerYear * years * 100) / 100;

  const renew = useMutation({
    mutationFn: async (): Promise<
      { kind: "card"; session: CardSession } | { kind: "crypto"; offer: CryptoPurchaseResponse }
    > => {
      // One checkoutId per distinct request, so a retry of the same renewal is the same order.
      const key = JSON.stringify(method === "card" ? [name, years] : [name, years, currency]);
      if (!checkoutIds.current.has(key)) checkoutIds.current.set(key, randomUuid());
      const checkoutId = checkoutIds.current.get(key)!;
      if (method === "card") {
        const session = await unwrap(apiClient.POST("/v1/market/renew", { body: { domain: name, years, checkoutId } }));
        return { kind: "card", session };
      }
      const offer = await unwrap(
        apiClient.POST("/v1/market/crypto/renew", { body: { domain: name, years, currency, checkoutId } }),
      );
      return { kind: "crypto", offer };
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    renew.mutate();
  }

  const summary = (
    <p className="text-sm text-slate-600">
      {name} for {years} more {years === 1 ? "year" : "years"}: <strong className="text-slate-900">{usd(total)}</strong>
      ; it will expire on {dateTime(addYears(expiresAt, years))}.
    </p>
  );

  if (renew.data?.kind === "card") {
    const { session } = renew.data;
    return (
      <div className="mx-auto max-w-xl space-y-4">
        {summary}
        {session.processorPublishableKey === TEST_PROCESSOR_KEY ? (
          <TestCardForm clientSecret={session.processorCheckoutSession} orderId={session.orderId} total={total} />
        ) : (
          <StripePayment
            publishableKey={session.processorPublishableKey}
            clientSecret={session.processorCheckoutSession}
            orderId={session.orderId}
            total={total}
          />
        )}
      </div>
    );
  }
  if (renew.data?.kind === "crypto") {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        {summary}
        <CryptoPanel offer={renew.data.offer} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
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
            <label htmlFor={`${id}-years`} className="label">
              Renew for
            </label>
            <select
              id={`${id}-years`}
              value={years}
              onChange={(event) => setYears(Number(event.target.value))}
              className="input"
            >
              {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "year" : "years"} — {usd(Math.round(pricePerYear * n * 100) / 100)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="card space-y-4">
          <legend className="float-left mb-2 w-full font-semibold">Payment</legend>
          <PaymentMethodChoice id={id} method={method} onChange={setMethod} cardPayments={cardPayments} />
          {method === "crypto" ? (
            <div className="max-w-xs">
              <label htmlFor={`${id}-currency`} className="label">
                Pay with
              </label>
              <select
                id={`${id}-currency`}
                value={currency}
                onChange={(event) => setCurrency(event.target.value as typeof currency)}
                className="input"
              >
                {CURRENCIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
      </div>
      <aside className="lg:sticky lg:top-4 lg:self-start">
        <div className="card space-y-3">
          <h2 className="font-semibold">Summary</h2>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Name</dt>
              <dd className="break-all text-right font-medium">{name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Price per year</dt>
              <dd>{usd(pricePerYear)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">New expiry</dt>
              <dd className="text-right">{dateTime(addYears(expiresAt, years))}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
              <dt className="font-semibold">Total</dt>
              <dd className="font-semibold" data-testid="checkout-total">
                {usd(total)}
              </dd>
            </div>
          </dl>
          {renew.isError ? (
            <ErrorPanel
              error={renew.error}
              title={
                renew.error instanceof ApiRequestError && renew.error.status === 409
                  ? "This name cannot be renewed now"
                  : "The renewal could not be started"
              }
            />
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={renew.isPending}>
            {renew.isPending
              ? "Starting the payment…"
              : method === "card"
                ? "Continue to card payment"
                : `Pay with ${currency}`}
          </button>
        </div>
      </aside>
    </form>
  );
}
