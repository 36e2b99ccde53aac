"use client";
import { useApiGet } from "../api/use-api-get";
import { shortAddress } from "../format";
import { lookup } from "../resolve/lookup";
import { useSessionToken } from "../session-token";

/** One line on a taken name: its owner and what records it has. */
export function ResolutionSummary({ name }: { name: string }) {
  const token = useSessionToken();
  // Undefined while rendering on the server: the tab's token is not known yet.
  const query = useApiGet(token === undefined ? null : `${token ?? ""}:${name}`, (signal) =>
    lookup("resolve", name, token, signal),
  );
  if (query.error) {
    return <p className="mt-2 text-sm text-slate-500">Its records could not be read: {query.error.message}</p>;
  }
  const result = query.data;
  if (!result) return <p className="mt-2 text-sm text-slate-500">Loading its records…</p>;
  const coins = [...new Set(result.wallets.map((wallet) => wallet.coin))];
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3" data-testid="resolution-summary">
      <div className="min-w-0">
        <dt className="text-slate-500">Owner</dt>
        <dd className="mono" title={result.ownerAddress}>
          {result.ownerAddress ? shortAddress(result.ownerAddress) : "—"}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Wallets</dt>
        <dd>{coins.length ? coins.join(", ") : "none"}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Records</dt>
        <dd>
          {result.dnsRecords.length} DNS · {result.txtRecords.length} text{result.contentHash ? " · content hash" : ""}
        </dd>
      </div>
    </dl>
  );
}
