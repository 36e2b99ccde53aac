"use client";
// Renewal from the owner's list: how many years and what it costs, then the checkout (card or
// crypto) at /checkout/renew/<name>, where card payments may load Stripe.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { apiClient, unwrap } from "../api/client";
import { dateTime, usd } from "../format";
import { ErrorPanel, Loading } from "../status";

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

/** The yearly price of a registered name, as search reports it. */
export function useRenewalPrice(name: string) {
  return useQuery({
    queryKey: ["market-search", [name]],
    queryFn: ({ signal }) => unwrap(apiClient.GET("/v1/market/search", { params: { query: { q: name } }, signal })),
    select: (data) => data.results[0],
  });
}

export function RenewPanel({ name, expiresAt }: { name: string; expiresAt: string }) {
  const id = useId();
  const [years, setYears] = useState(1);
  const price = useRenewalPrice(name);
  if (price.isPending) return <Loading label={`Pricing ${name}…`} />;
  if (price.isError)
    return <ErrorPanel error={price.error} title="The price could not be read" onRetry={() => price.refetch()} />;
  const perYear = price.data?.priceUsdPerYear;
  if (perYear === undefined) return <p className="text-sm text-slate-600">{price.data?.message}</p>;
  return (
    <div className="space-y-3">
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
              {n} {n === 1 ? "year" : "years"} — {usd(Math.round(perYear * n * 100) / 100)}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-slate-700">
        Total <strong data-testid="renew-total">{usd(Math.round(perYear * years * 100) / 100)}</strong>; {name} will
        then expire on {dateTime(addYears(expiresAt, years))}.
      </p>
      <Link href={`/checkout/renew/${encodeURIComponent(name)}?years=${years}`} className="btn-primary">
        Continue to payment
      </Link>
    </div>
  );
}
