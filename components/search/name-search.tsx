"use client";
// Search as you type: availability and price per year of each name, a Buy action, and for
// taken names what they resolve to and names that are still free.
import Link from "next/link";
import { useId, useState } from "react";
import type { NameAvailability } from "@/lib/contract/schemas/market";
import { apiClient, unwrap } from "../api/client";
import { useApiGet } from "../api/use-api-get";
import { namesToSearch, usd } from "../format";
import { Badge, Empty, ErrorPanel } from "../status";
import { useDebounced } from "../use-debounced";
import { ResolutionSummary } from "./resolution-summary";

const REASON_LABEL: Record<NonNullable<NameAvailability["reason"]>, string> = {
  taken: "Taken",
  grace: "Expired — renewable",
  reserved: "Reserved",
  invalid: "Invalid",
  unsupported_tld: "Not sold here",
  parent_not_configured: "Not for sale",
};

export function NameSearch() {
  const inputId = useId();
  const [input, setInput] = useState("");
  const debounced = useDebounced(input, 250);
  const names = namesToSearch(debounced);
  const q = names.join(" ");
  const query = useApiGet(names.length > 0 ? q : null, (signal) =>
    unwrap(apiClient.GET("/v1/market/search", { params: { query: { q } }, signal })),
  );
  const typing = input.trim() !== debounced.trim();

  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="sr-only">
        Find a name
      </h2>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="label">
          Name to search
        </label>
        <div className="relative">
          <input
            id={inputId}
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="e.g. satoshi, or alice.web3 bob.meta"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={`${inputId}-hint`}
            className="input py-3 pr-10 text-base sm:text-base"
          />
          {(typing || query.isFetching) && names.length > 0 ? (
            <span
              className={
                "absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin rounded-full border-2 " +
                "border-slate-300 border-t-indigo-600"
              }
              aria-hidden="true"
            />
          ) : null}
        </div>
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          A bare word is checked under .web3 and .meta; separate several names with spaces.
        </p>
      </form>

      <div className="mt-6" aria-live="polite" aria-busy={query.isFetching}>
        {names.length === 0 ? null : query.error ? (
          <ErrorPanel error={query.error} title="The search could not be completed" onRetry={query.refetch} />
        ) : query.data ? (
          query.data.results.length === 0 ? (
            <Empty title="No names to check">Type a name such as satoshi.web3.</Empty>
          ) : (
            <ul className="space-y-3">
              {query.data.results.map((result) => (
                <SearchResult key={result.name} result={result} />
              ))}
            </ul>
          )
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Checking availability…
          </p>
        )}
      </div>
    </section>
  );
}

function SearchResult({ result }: { result: NameAvailability }) {
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
