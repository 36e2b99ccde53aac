"use client";
// Checkout of one name: years and total, owner and wallet addresses validated as they are typed,
// then card (Stripe's Payment Element, or the built-in test processor) or crypto.
import { useMutation, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useId, useRef, useState, type FormEvent } from "react";
import { apiClient, ApiRequestError, unwrap } from "../api/client";
import { usd } from "../format";
import { Field } from "../field";
import { Empty, ErrorPanel, Loading } from "../status";
import { CryptoPanel, type CryptoOffer } from "./crypto-panel";
import { randomUuid } from "./random-uuid";
import { TestCardForm } from "./test-card-form";
import { useValidators } from "./use-validators";
import { WALLET_COINS } from "./wallet-coins";
import { PaymentMethodChoice, type PaymentMethod } from "./payment-method-choice";

const StripePayment = dynamic(() => import("./stripe-payment").then((m) => m.StripePayment), {
  ssr: false,
  loading: () => <Loading label="Loading the secure card form…" />,
});

/** The publishable key the built-in test processor answers with. */
export const TEST_PROCESSOR_KEY = "pk_test_builtin_processor";

interface CardSession {
  orderId: string;
  processorCheckoutSession: string;
  processorPublishableKey: string;
}

const CRYPTO_CURRENCIES = [
  { code: "ETH", label: "Ether (ETH)" },
  { code: "USDC", label: "USD Coin (USDC, ERC-20)" },
  { code: "BTC", label: "Bitcoin (BTC)" },
] as const;

interface WalletRow {
  key: string;
  coinId: number;
  addr: string;
}

export function CheckoutFlow({ name, cardPayments }: { name: string; cardPayments: boolean }) {
  const availability = useQuery({
    queryKey: ["market-search", [name]],
    queryFn: ({ signal }) => unwrap(apiClient.GET("/v1/market/search", { params: { query: { q: name } }, signal })),
    select: (data) => data.results[0],
  });

  if (availability.isPending) return <Loading label={`Checking ${name}…`} />;
  if (availability.isError)
    return (
      <ErrorPanel
        error={availability.error}
        title={`${name} could not be checked`}
        onRetry={() => availability.refetch()}
      />
    );
  const result = availability.data;
  if (!result || !result.available || result.priceUsdPerYear === undefined) {
    return (
      <Empty title={`${name} cannot be bought`}>
        <p>{result?.message ?? "It is not for sale."}</p>
        {result?.expiresAt && (result.reason === "grace" || result.reason === "taken") ? (
          <p className="mt-2">
            <Link href={`/checkout/renew/${encodeURIComponent(result.name)}`} className="text-indigo-700 underline">
              Renew {result.name}
            </Link>{" "}
            (anyone may pay for a renewal).
          </p>
        ) : null}
        <p className="mt-2">
          <Link href="/" className="text-indigo-700 underline">
            Search for another name
          </Link>
        </p>
      </Empty>
    );
  }
  return <CheckoutForm name={result.name} pricePerYear={result.priceUsdPerYear} cardPayments={cardPayments} />;
}

function CheckoutForm({
  name,
  pricePerYear,
  cardPayments,
}: {
  name: string;
  pricePerYear: number;
  cardPayments: boolean;
}) {
  const id = useId();
  const validators = useValidators();
  const checkoutId = useRef<string | null>(null);
  const [years, setYears] = useState(1);
  const [ownerAddress, setOwnerAddress] = useState("");
  const [wallets, setWallets] = useState<WalletRow[]>([]);
  const [method, setMethod] = useState<PaymentMethod>(cardPayments ? "card" : "crypto");
  const [currency, setCurrency] = useState<(typeof CRYPTO_CURRENCIES)[number]["code"]>("ETH");
  const [ownerName, setOwnerName] = useState("");
  const [ownerEmail, setOwnerEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const ownerError =
    ownerAddress.trim() === ""
      ? "Enter the EVM address (0x…) that will own the name."
      : (validators?.ownerAddress(ownerAddress.trim()) ?? null);
  const walletErrors = wallets.map((wallet) =>
    wallet.addr.trim() === ""
      ? "Enter an address or remove this wallet."
      : (validators?.wallet(wallet.coinId, wallet.addr.trim()) ?? null),
  );
  const duplicateCoin = new Set(wallets.map((w) => w.coinId)).size !== wallets.length;
  const nameError = method === "crypto" && ownerName.trim() === "" ? "Enter the name of the owner." : null;
  const emailError =
    method === "crypto"
      ? ownerEmail.trim() === ""
        ? "Enter an e-mail address for the receipt."
        : (validators?.email(ownerEmail.trim()) ?? null)
      : null;
  const invalid = Boolean(ownerError || walletErrors.some(Boolean) || duplicateCoin || nameError || emailError);
  const total = Math.round(pricePerYear * years * 100) / 100;

  const purchase = useMutation({
    mutationFn: async (): Promise<{ kind: "card"; session: CardSession } | { kind: "crypto"; offer: CryptoOffer }> => {
      const walletAddrs = wallets.map((wallet) => ({ coinId: wallet.coinId, addr: wallet.addr.trim() }));
      if (method === "card") {
        checkoutId.current ??= randomUuid();
        const session = await unwrap(
          apiClient.POST("/v1/market/purchase", {
            body: {
              checkoutId: checkoutId.current,
              domain: name,
              ownerAddress: ownerAddress.trim(),
              walletAddrs,
              years,
            },
          }),
        );
        return { kind: "card", session };
      }
      const offer = await unwrap(
        apiClient.POST("/v1/market/crypto/purchase", {
          body: {
            currency,
            domain: name,
            ownerAddress: ownerAddress.trim(),
            ownerEmail: ownerEmail.trim(),
            ownerName: ownerName.trim(),
            walletAddrs,
            years,
          },
        }),
      );
      return { kind: "crypto", offer };
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) {
      const firstInvalid = document.querySelector<HTMLElement>("[aria-invalid='true']");
      firstInvalid?.focus();
      return;
    }
    purchase.mutate();
  }

  const show = (field: string) => submitted || touched[field];
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  if (purchase.data?.kind === "card") {
    const { session } = purchase.data;
    return (
      <PaymentStep name={name} total={total} years={years}>
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
      </PaymentStep>
    );
  }
  if (purchase.data?.kind === "crypto") {
    return (
      <PaymentStep name={name} total={total} years={years}>
        <CryptoPanel offer={purchase.data.offer} />
      </PaymentStep>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="space-y-6">
        <fieldset className="card space-y-4">
          <legend className="sr-only">Registration</legend>
          <div>
            <label htmlFor={`${id}-years`} className="label">
              Registration period
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
          <Field
            id={`${id}-owner`}
            label="Owner address"
            hint="The EVM address (0x…) that will own the name and can change its records."
            error={show("owner") ? ownerError : null}
          >
            <input
              id={`${id}-owner`}
              value={ownerAddress}
              onChange={(event) => setOwnerAddress(event.target.value)}
              onBlur={touch("owner")}
              placeholder="0x8ba1f109551bD432803012645Ac136ddd64DBA72"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={show("owner") && ownerError ? true : undefined}
              aria-describedby={`${id}-owner-hint ${id}-owner-error`}
              className={`input mono ${show("owner") && ownerError ? "border-red-500" : ""}`}
            />
          </Field>
        </fieldset>

        <fieldset className="card space-y-4">
          <legend className="float-left mb-2 w-full font-semibold">Wallet records (optional)</legend>
          <p className="clear-both text-sm text-slate-600">
            Addresses people can pay by typing {name}. Each is checked against its coin&apos;s address format.
          </p>
          {wallets.map((wallet, index) => {
            const error = wallets[index].addr === "" && !submitted && !touched[wallet.key] ? null : walletErrors[index];
            const choice = WALLET_COINS.find((c) => c.coinId === wallet.coinId);
            return (
              <div
                key={wallet.key}
                className={
                  "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
                  "sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
                }
              >
                <div>
                  <label htmlFor={`${wallet.key}-coin`} className="label">
                    Coin
                  </label>
                  <select
                    id={`${wallet.key}-coin`}
                    value={wallet.coinId}
                    onChange={(event) =>
                      setWallets((rows) =>
                        rows.map((row) =>
                          row.key === wallet.key ? { ...row, coinId: Number(event.target.value) } : row,
                        ),
                      )
                    }
                    className="input"
                  >
                    {WALLET_COINS.map((coin) => (
                      <option key={coin.coinId} value={coin.coinId}>
                        {coin.label}
                      </option>
                    ))}
                  </select>
                </div>
                <Field
                  id={`${wallet.key}-addr`}
                  label="Address"
                  error={
                    error ??
                    (duplicateCoin && wallets.findIndex((w) => w.coinId === wallet.coinId) !== index
                      ? "This coin already has an address above."
                      : null)
                  }
                >
                  <input
                    id={`${wallet.key}-addr`}
                    value={wallet.addr}
                    onChange={(event) =>
                      setWallets((rows) =>
                        rows.map((row) => (row.key === wallet.key ? { ...row, addr: event.target.value } : row)),
                      )
                    }
                    onBlur={touch(wallet.key)}
                    placeholder={choice?.placeholder}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${wallet.key}-addr-error`}
                    className={`input mono ${error ? "border-red-500" : ""}`}
                  />
                </Field>
                <button
                  type="button"
                  className="btn-secondary sm:mt-6"
                  onClick={() => setWallets((rows) => rows.filter((row) => row.key !== wallet.key))}
                  aria-label={`Remove the ${choice?.label ?? "wallet"} address`}
                >
                  Remove
                </button>
              </div>
            );
          })}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              const unused =
                WALLET_COINS.find((coin) => !wallets.some((w) => w.coinId === coin.coinId)) ?? WALLET_COINS[0];
              setWallets((rows) => [...rows, { key: randomUuid(), coinId: unused.coinId, addr: "" }]);
            }}
          >
            Add a wallet address
          </button>
        </fieldset>

        <fieldset className="card space-y-4">
          <legend className="float-left mb-2 w-full font-semibold">Payment</legend>
          <PaymentMethodChoice id={id} method={method} onChange={setMethod} cardPayments={cardPayments} />
          {method === "crypto" ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={`${id}-currency`} className="label">
                  Pay with
                </label>
                <select
                  id={`${id}-currency`}
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value as typeof currency)}
                  className="input"
                >
                  {CRYPTO_CURRENCIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
              <Field id={`${id}-oname`} label="Your name" error={show("oname") ? nameError : null}>
                <input
                  id={`${id}-oname`}
                  value={ownerName}
                  onChange={(event) => setOwnerName(event.target.value)}
                  onBlur={touch("oname")}
                  autoComplete="name"
                  aria-invalid={show("oname") && nameError ? true : undefined}
                  aria-describedby={`${id}-oname-error`}
                  className="input"
                />
              </Field>
              <Field id={`${id}-email`} label="E-mail for the receipt" error={show("email") ? emailError : null}>
                <input
                  id={`${id}-email`}
                  type="email"
                  value={ownerEmail}
                  onChange={(event) => setOwnerEmail(event.target.value)}
                  onBlur={touch("email")}
                  autoComplete="email"
                  aria-invalid={show("email") && emailError ? true : undefined}
                  aria-describedby={`${id}-email-error`}
                  className="input"
                />
              </Field>
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
              <dt className="text-slate-600">Years</dt>
              <dd>{years}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
              <dt className="font-semibold">Total</dt>
              <dd className="font-semibold" data-testid="checkout-total">
                {usd(total)}
              </dd>
            </div>
          </dl>
          {purchase.isError ? <PurchaseError error={purchase.error} /> : null}
          <button type="submit" className="btn-primary w-full" disabled={purchase.isPending}>
            {purchase.isPending
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

function PurchaseError({ error }: { error: Error }) {
  const conflict = error instanceof ApiRequestError && error.status === 409;
  return (
    <ErrorPanel
      error={error}
      title={conflict ? "This name is no longer available" : "The purchase could not be started"}
    >
      <p className="mt-1">
        {conflict
          ? "Someone may be buying it right now. Search for another name."
          : "Correct the field named above, or try again."}
      </p>
    </ErrorPanel>
  );
}

function PaymentStep({
  name,
  total,
  years,
  children,
}: {
  name: string;
  total: number;
  years: number;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <p className="text-sm text-slate-600">
        {name} for {years} {years === 1 ? "year" : "years"}: <strong className="text-slate-900">{usd(total)}</strong>
      </p>
      {children}
    </div>
  );
}
