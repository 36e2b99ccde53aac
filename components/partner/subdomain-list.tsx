"use client";
// A parent domain's sub-domains, newest first, loaded page by page as the list is scrolled (or
// "Load more" is pressed).
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiClient } from "../api/client";
import { Empty, ErrorPanel, Loading } from "../status";
import { usePartnerApi } from "./use-partner-api";

const PAGE_SIZE = 50;

function useSubdomainPages(parent: string) {
  const call = usePartnerApi();
  return useInfiniteQuery({
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
}

export function SubdomainList({ parent }: { parent: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const list = useSubdomainPages(parent);
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
