"use client";
// Import sub-names from a CSV file (`label,ownerAddress` per line) through the bulk issuance
// endpoint, 100 per request, and show each line's outcome.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent } from "react";
import { apiClient } from "../api/client";
import { chunksOf, parseSubnameCsv, type CsvItem } from "./subname-csv";
import { usePartnerApi } from "./use-partner-api";

interface Outcome {
  line: number;
  label: string;
  status: "created" | "conflict" | "invalid";
  info: string;
}

export function CsvImport({ parent }: { parent: string }) {
  const id = useId();
  const call = usePartnerApi();
  const client = useQueryClient();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function importItems(items: CsvItem[]) {
    setBusy(true);
    setError(null);
    setOutcomes([]);
    const done: Outcome[] = [];
    try {
      for (const chunk of chunksOf(items)) {
        const answer = await call((headers) =>
          apiClient.POST("/v1/parentdomains/{parentDomain}/subdomains", {
            params: { path: { parentDomain: parent } },
            body: chunk.map(({ label, ownerAddress }) => ({ label, ownerAddress })),
            headers,
          }),
        );
        const results = "results" in answer ? answer.results : [];
        for (const result of results) {
          const item = chunk[result.index];
          done.push({
            line: item?.line ?? 0,
            label: result.label,
            status: result.status,
            info: result.name ?? result.errors?.map((e) => e.info).join(" ") ?? "",
          });
        }
        setOutcomes([...done]);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: ["parent", parent] });
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const items = parseSubnameCsv(await file.text());
    if (items.length === 0) return setError("The file holds no `label,ownerAddress` lines.");
    await importItems(items);
  }

  const count = (status: Outcome["status"]) => outcomes.filter((o) => o.status === status).length;
  return (
    <div className="space-y-2" data-testid="csv-import">
      <h4 className="font-medium">Import sub-names from CSV</h4>
      <p className="text-sm text-slate-600">
        One <code>label,ownerAddress</code> per line; a header line is skipped. Each line is issued on its own.
      </p>
      <label htmlFor={`${id}-csv`} className="label">
        CSV file
      </label>
      <input
        id={`${id}-csv`}
        type="file"
        accept=".csv,text/csv"
        disabled={busy}
        onChange={onFile}
        className="text-sm"
      />
      {busy ? <p role="status">Importing…</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {outcomes.length > 0 ? (
        <div role="status" className="space-y-2">
          <p className="text-sm" data-testid="csv-summary">
            {count("created")} created, {count("conflict")} already taken, {count("invalid")} invalid
          </p>
          <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
            {outcomes.map((outcome) => (
              <li key={`${outcome.line}-${outcome.label}`} className="flex flex-wrap gap-x-3 px-3 py-1">
                <span className="tabular-nums text-slate-500">line {outcome.line}</span>
                <span className="font-medium">{outcome.label}</span>
                <span className={outcome.status === "created" ? "text-green-800" : "text-red-700"}>
                  {outcome.status}
                </span>
                <span className="break-all text-slate-600">{outcome.info}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
