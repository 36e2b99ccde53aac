"use client";
// Parent domains of the partner: validation status with its reasons, the per-day chart and the
// sub-domain list, loaded page by page as it is scrolled.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { apiClient } from "../api/client";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { CsvImport } from "./csv-import";
import { PerDayChart } from "./per-day-chart";
import { usePartnerApi } from "./use-partner-api";

// Which parents the dashboard shows is a preference, not a secret: kept in localStorage.
const PARENTS_KEY = "namesvc.parentDomains";
const PAGE_SIZE = 50;

const savedListeners = new Set<() => void>();

function subscribeToSaved(onChange: () => void): () => void {
  savedListeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    savedListeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readSaved(): string {
  try {
    return window.localStorage.getItem(PARENTS_KEY) ?? "[]";
  } catch {
    return "[]";
  }
}

function parseSaved(text: string): string[] {
  try {
    const saved: unknown = JSON.parse(text);
    return Array.isArray(saved) ? saved.filter((p): p is string => typeof p === "string") : [];
  } catch {
    // A corrupt preference is simply forgotten.
    return [];
  }
}

export function ParentDomains() {
  const id = useId();
  const saved = useSyncExternalStore(subscribeToSaved, readSaved, () => "[]");
  // Where storage refuses writes (private windows), the list lives in this tab only.
  const [unsaved, setUnsaved] = useState<string[] | null>(null);
  const parents = useMemo(() => unsaved ?? parseSaved(saved), [unsaved, saved]);
  const [input, setInput] = useState("");
  const [error, setError] = useState<string | null>(null);

  function save(next: string[]) {
    try {
      window.localStorage.setItem(PARENTS_KEY, JSON.stringify(next));
      for (const notify of savedListeners) notify();
    } catch {
      setUnsaved(next);
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const name = input.trim().toLowerCase();
    if (!/^[^\s.]+(\.[^\s.]+)+$/.test(name)) return setError("Type a parent domain with its TLD, e.g. brand.web3.");
    setError(null);
    setInput("");
    if (!parents.includes(name)) save([name, ...parents]);
  }

  return (
    <section className="space-y-4" aria-labelledby={`${id}-heading`}>
      <div className="card space-y-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Parent domains
        </h2>
        <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={`${id}-parent`} className="label">
              Parent domain to check
            </label>
            <input
              id={`${id}-parent`}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder="brand.web3"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-parent-error`}
              className="input"
            />
          </div>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </form>
        <p id={`${id}-parent-error`} className="text-sm text-red-700" aria-live="polite">
          {error}
        </p>
        {parents.length === 0 ? (
          <p className="text-sm text-slate-600">
            Add a parent domain you own to see its status, sub-domains and daily activity.
          </p>
        ) : null}
      </div>
      {parents.map((parent) => (
        <ParentDomainCard key={parent} parent={parent} onRemove={() => save(parents.filter((p) => p !== parent))} />
      ))}
    </section>
  );
}

function ParentDomainCard({ parent, onRemove }: { parent: string; onRemove: () => void }) {
  const call = usePartnerApi();
  const validation = useQuery({
    queryKey: ["parent", parent, "validation"],
    queryFn: () =>
      call((headers) =>
        apiClient.GET("/v1/parentdomains/{parentDomain}", { params: { path: { parentDomain: parent } }, headers }),
      ),
  });
  const perDay = useQuery({
    queryKey: ["parent", parent, "per-day"],
    queryFn: () =>
      call((headers) =>
        apiClient.GET("/v1/parentdomains/{parentDomain}/per-day", {
          params: { path: { parentDomain: parent }, query: { pageSize: 1000 } },
          headers,
        }),
      ),
  });

  return (
    <article className="card space-y-5" aria-label={`Parent domain ${parent}`} data-testid={`parent-${parent}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all text-lg font-semibold">{parent}</h3>
          {validation.isPending ? (
            <p className="text-sm text-slate-500">Checking its configuration…</p>
          ) : validation.isError ? (
            <p className="text-sm text-red-700">{validation.error.message}</p>
          ) : (
            <div className="mt-1 space-y-1">
              <Badge tone={validation.data.status ? "green" : "red"}>
                {validation.data.status ? "Configured for sub-domains" : "Not configured"}
              </Badge>
              {validation.data.reason ? (
                <ul className="list-inside list-disc text-sm text-slate-700" data-testid="validation-reasons">
                  {validation.data.reason
                    .split(/(?<=\.)\s+/)
                    .filter(Boolean)
                    .map((sentence) => (
                      <li key={sentence}>{sentence}</li>
                    ))}
                </ul>
              ) : null}
            </div>
          )}
        </div>
        <button
          type="button"
          className="btn-secondary px-3 py-1"
          onClick={onRemove}
          aria-label={`Stop showing ${parent}`}
        >
          Remove
        </button>
      </div>

      <div>
        <h4 className="mb-2 font-medium">Sub-domains created per day</h4>
        {perDay.isPending ? (
          <Loading label="Loading daily counts…" />
        ) : perDay.isError ? (
          <ErrorPanel error={perDay.error} title="Daily counts could not be loaded" onRetry={() => perDay.refetch()} />
        ) : (
          <PerDayChart aggregates={perDay.data.aggregates} parent={parent} />
        )}
      </div>

      <CsvImport parent={parent} />

      <SubdomainList parent={parent} />
    </article>
  );
}

function SubdomainList({ parent }: { parent: string }) {
  const call = usePartnerApi();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const list = useInfiniteQuery({
    queryKey: ["parent", parent, "list"],
    queryFn: ({ pageParam }) =>
      call((headers) =>
        apiClient.GET("/v1/parentdomains/{parentDomain}/list", {
          params: {
            path: { parentDomain: parent },
            query: { pageSize: PAGE_SIZE, ...(pageParam ? { pageToken: pageParam } : {}) },
          },
          headers,
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPaginationToken || undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const nextPageError = list.isFetchNextPageError ? list.error : null;
  if (list.isPending) return <Loading label="Loading sub-domains…" />;
  if (list.isError)
    return <ErrorPanel error={list.error} title="Sub-domains could not be loaded" onRetry={() => list.refetch()} />;
  const names = list.data.pages.flatMap((page) => page.names);
  const total = list.data.pages[0]?.total ?? 0;

  return (
    <div>
      <h4 className="mb-2 font-medium">
        Sub-domains <span className="font-normal text-slate-500">({total.toLocaleString("en-US")}, newest first)</span>
      </h4>
      {names.length === 0 ? (
        <Empty title="No sub-domains yet">Sub-domains sold or issued under {parent} appear here.</Empty>
      ) : (
        <div
          ref={scroller}
          className="max-h-96 overflow-y-auto rounded-lg border border-slate-200"
          tabIndex={0}
          aria-label={`Sub-domains of ${parent}`}
          data-testid="subdomain-scroller"
        >
          <ul className="divide-y divide-slate-100 text-sm" data-testid="subdomain-list">
            {names.map((item) => (
              <li key={item.name} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
                <span className="break-all font-medium">{item.name}</span>
                <span className="tabular-nums text-slate-500">{item.createdTimestamp} UTC</span>
              </li>
            ))}
            <li ref={sentinel} className="px-3 py-3 text-center text-sm text-slate-500">
              {isFetchingNextPage ? (
                <span role="status">Loading more…</span>
              ) : hasNextPage ? (
                <button type="button" className="text-indigo-700 underline" onClick={() => void fetchNextPage()}>
                  Load more ({names.length.toLocaleString("en-US")} of {total.toLocaleString("en-US")} shown)
                </button>
              ) : (
                <span data-testid="subdomain-end">All {names.length.toLocaleString("en-US")} shown</span>
              )}
            </li>
          </ul>
        </div>
      )}
      {nextPageError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          More sub-domains could not be loaded: {nextPageError.message}. Scroll or use “Load more” to retry.
        </p>
      ) : null}
    </div>
  );
}
