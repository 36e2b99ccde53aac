"use client";
// One name's search result: available or why not, price per year, the action that fits (buy,
// view records, renew), what a taken name resolves to, and names that are still free.
import Link from "next/link";
import type { NameAvailability } from "@/lib/contract/schemas/market";
import { usd } from "../format";
import { Badge } from "../status";
import { ResolutionSummary } from "./resolution-summary";

const REASON_LABEL: Record<NonNullable<NameAvailability["reason"]>, string> = {
  taken: "Taken",
  grace: "Expired — renewable",
  reserved: "Reserved",
  invalid: "Invalid",
  unsupported_tld: "Not sold here",
  parent_not_configured: "Not for sale",
};

export function SearchResult({ result }: { result: NameAvailability }) {
  return (
    <li className="card" data-testid="search-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all text-lg font-semibold">{result.name}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {result.available ? (
              <Badge tone="green">Available</Badge>
            ) : (
              <Badge tone={result.reason === "taken" ? "slate" : "amber"}>
                {result.reason ? REASON_LABEL[result.reason] : "Unavailable"}
              </Badge>
            )}
            {result.priceUsdPerYear !== undefined ? <span>{usd(result.priceUsdPerYear)} / year</span> : null}
          </div>
          {!result.available && result.message ? <p className="mt-1 text-sm text-slate-600">{result.message}</p> : null}
        </div>
        {result.available ? (
          <Link
            href={`/checkout/${encodeURIComponent(result.name)}`}
            className="btn-primary"
            aria-label={`Buy ${result.name}`}
          >
            Buy
          </Link>
        ) : result.reason === "taken" ? (
          <Link
            href={`/resolve/${encodeURIComponent(result.name)}`}
            className="btn-secondary"
            aria-label={`View records of ${result.name}`}
          >
            View records
          </Link>
        ) : result.reason === "grace" ? (
          <Link
            href={`/checkout/renew/${encodeURIComponent(result.name)}`}
            className="btn-secondary"
            aria-label={`Renew ${result.name}`}
          >
            Renew
          </Link>
        ) : null}
      </div>
      {result.reason === "taken" ? <ResolutionSummary name={result.name} /> : null}
      {result.suggestions && result.suggestions.length > 0 ? (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <p className="text-sm font-medium text-slate-700">Available instead</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {result.suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <Link
                  href={`/checkout/${encodeURIComponent(suggestion.name)}`}
                  className={
                    "inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm " +
                    "hover:border-indigo-400 hover:bg-indigo-50"
                  }
                  aria-label={`Buy ${suggestion.name} for ${usd(suggestion.priceUsdPerYear)} a year`}
                >
                  <span className="break-all">{suggestion.name}</span>
                  <span className="text-slate-500">{usd(suggestion.priceUsdPerYear)}/yr</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
