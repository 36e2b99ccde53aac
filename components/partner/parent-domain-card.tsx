"use client";
// One parent domain: whether it is configured for sub-domains (and why not), its sub-domains
// created per day, the CSV import and the sub-domain list.
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { Badge, ErrorPanel, Loading } from "../status";
import { CsvImport } from "./csv-import";
import { PerDayChart } from "./per-day-chart";
import { SubdomainList } from "./subdomain-list";
import { usePartnerApi } from "./use-partner-api";

export function ParentDomainCard({ parent, onRemove }: { parent: string; onRemove: () => void }) {
  return (
    <article className="card space-y-5" aria-label={`Parent domain ${parent}`} data-testid={`parent-${parent}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all text-lg font-semibold">{parent}</h3>
          <ValidationStatus parent={parent} />
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
      <DailyCounts parent={parent} />
      <CsvImport parent={parent} />
      <SubdomainList parent={parent} />
    </article>
  );
}

function ValidationStatus({ parent }: { parent: string }) {
  const call = usePartnerApi();
  const validation = useQuery({
    queryKey: ["parent", parent, "validation"],
    queryFn: () =>
      call((headers) =>
        apiClient.GET("/v1/parentdomains/{parentDomain}", { params: { path: { parentDomain: parent } }, headers }),
      ),
  });
  if (validation.isPending) return <p className="text-sm text-slate-500">Checking its configuration…</p>;
  if (validation.isError) return <p className="text-sm text-red-700">{validation.error.message}</p>;
  return (
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
  );
}

function DailyCounts({ parent }: { parent: string }) {
  const call = usePartnerApi();
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
  );
}
