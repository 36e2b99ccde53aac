"use client";
import Link from "next/link";
import { apiClient, ApiRequestError, bearer, unwrap } from "../api/client";
import { useApiGet } from "../api/use-api-get";
import { shortAddress } from "../format";
import { useSessionToken } from "../session-token";

/** One line on a taken name: its owner and what records it has. */
export function ResolutionSummary({ name }: { name: string }) {
  const token = useSessionToken();
  const query = useApiGet(typeof token === "string" ? `${token}:${name}` : null, (signal) =>
    unwrap(
      apiClient.GET("/v1/resolve/{domain}", { params: { path: { domain: name } }, headers: bearer(token), signal }),
    ),
  );
  if (token === null) {
    return (
      <p className="mt-2 text-sm text-slate-500">
        <Link href="/partner" className="text-indigo-700 underline">
          Sign in with an access token
        </Link>{" "}
        to see its records here.
      </p>
    );
  }
  if (query.error) {
    const needsToken =
      query.error instanceof ApiRequestError && (query.error.status === 401 || query.error.status === 403);
    return (
      <p className="mt-2 text-sm text-slate-500">
        {needsToken
          ? "Sign in on the Partners page with an access token to see its records here."
          : `Its records could not be read: ${query.error.message}`}
      </p>
    );
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
