"use client";
// Search as you type: one field for one or several names, and a result per name
// (search-result.tsx) once the typing pauses.
import { useId, useState } from "react";
import { apiClient, unwrap } from "../api/client";
import { useApiGet } from "../api/use-api-get";
import { namesToSearch } from "../format";
import { Empty, ErrorPanel } from "../status";
import { useDebounced } from "../use-debounced";
import { SearchResult } from "./search-result";

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
