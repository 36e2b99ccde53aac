"use client";
// A resolution record in full: owner, wallets grouped by coin, DNS records, text records and
// the content hash. Shared by forward (/resolve) and reverse (/reverse) lookups.
import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import type { ResolveResult, WalletData } from "@/lib/contract/schemas/resolve";
import { ApiRequestError } from "../api/client";
import { CopyButton } from "../copy-button";
import { SignInForm } from "../partner/sign-in-form";
import { setSessionToken, useSessionToken } from "../session-token";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { useResolve, useReverse } from "./use-resolve";

const SERVICE_LABEL: Record<ResolveResult["nameService"], string> = {
  native: "Native registry",
  ens: "ENS",
  ud: "Unstoppable Domains",
  icann: "ICANN DNS",
};

export function ForwardResolution({ name }: { name: string }) {
  return <ResolutionState query={useResolve(name)} subject={name} kind="name" />;
}

export function ReverseResolution({ address }: { address: string }) {
  return <ResolutionState query={useReverse(address)} subject={address} kind="address" />;
}

function ResolutionState({
  query,
  subject,
  kind,
}: {
  query: UseQueryResult<ResolveResult>;
  subject: string;
  kind: "name" | "address";
}) {
  const token = useSessionToken();
  return (
    <div className="space-y-6">
      <LookupResult query={query} subject={subject} kind={kind} token={token} />
      <PartnerAccess token={token} />
    </div>
  );
}

function LookupResult({
  query,
  subject,
  kind,
  token,
}: {
  query: UseQueryResult<ResolveResult>;
  subject: string;
  kind: "name" | "address";
  token: string | null | undefined;
}) {
  if (token === undefined || query.isPending) return <Loading label={`Resolving ${subject}…`} />;
  if (query.isError) {
    const error = query.error;
    if (token && error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      return (
        <ErrorPanel error={error} title="The API refused the partner token of this tab">
          <button type="button" className="btn-secondary mt-3" onClick={() => setSessionToken(null)}>
            Sign out and look up without a token
          </button>
        </ErrorPanel>
      );
    }
    if (error instanceof ApiRequestError && error.status === 404) {
      return (
        <Empty title={kind === "name" ? `${subject} has no records` : `No name points to ${subject}`}>
          {kind === "name" ? (
            <>
              {error.message}{" "}
              <Link href="/" className="text-indigo-700 underline">
                Search for it
              </Link>{" "}
              to see whether you can buy it.
            </>
          ) : (
            "A reverse record is returned only for a name whose own records point back to this address."
          )}
        </Empty>
      );
    }
    if (error instanceof ApiRequestError && error.status === 429) {
      return (
        <ErrorPanel error={error} title="Too many lookups from your address" onRetry={() => query.refetch()}>
          <p className="mt-1">
            Lookups without a token are limited per visitor. Wait a moment, or use your partner access token below.
          </p>
        </ErrorPanel>
      );
    }
    return <ErrorPanel error={error} title={`${subject} could not be resolved`} onRetry={() => query.refetch()} />;
  }
  return <ResolutionDetails result={query.data} />;
}

/** Lookups need no token; a partner may still use theirs (and their quota) in this tab. */
function PartnerAccess({ token }: { token: string | null | undefined }) {
  if (token === undefined) return null;
  if (token) {
    return (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="partner-lookup">
        Looking up with your partner access token (its quota applies).
        <button type="button" className="btn-secondary" onClick={() => setSessionToken(null)}>
          Stop using the token
        </button>
      </p>
    );
  }
  return (
    <details className="card max-w-xl">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        Partner? Look up with your access token
      </summary>
      <div className="mt-4">
        <SignInForm
          intro={
            "Paste an ADMIN or CUSTOMER token of your partner account: lookups then count against its quota " +
            "instead of your address's."
          }
        />
      </div>
    </details>
  );
}

function ResolutionDetails({ result }: { result: ResolveResult }) {
  const byCoin = new Map<string, WalletData[]>();
  for (const wallet of result.wallets) byCoin.set(wallet.coin, [...(byCoin.get(wallet.coin) ?? []), wallet]);
  return (
    <div className="space-y-6" data-testid="resolution">
      <section className="card" aria-labelledby="owner-heading">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="owner-heading" className="break-all text-xl font-semibold">
            {result.domain}
          </h2>
          <Badge tone="indigo">{SERVICE_LABEL[result.nameService]}</Badge>
        </div>
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="text-slate-500">Owner</dt>
            <dd className="mt-1 flex items-start gap-2">
              <span className="mono min-w-0" data-testid="owner-address">
                {result.ownerAddress || "—"}
              </span>
              {result.ownerAddress ? <CopyButton value={result.ownerAddress} label="owner address" /> : null}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Content hash</dt>
            <dd className="mt-1">
              {result.contentHash ? (
                <ContentHash uri={result.contentHash} />
              ) : (
                <span className="text-slate-500">None set</span>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="wallets-heading">
        <h2 id="wallets-heading" className="font-semibold">
          Wallets
        </h2>
        {byCoin.size === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No wallet addresses are set on this name.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {[...byCoin].map(([coin, wallets]) => (
              <li key={coin} className="py-3">
                <p className="text-sm font-semibold">{coin}</p>
                <ul className="mt-1 space-y-2">
                  {wallets.map((wallet) => (
                    <li key={`${wallet.version}:${wallet.address}`} className="flex flex-wrap items-start gap-2">
                      <Badge tone="slate">{wallet.version}</Badge>
                      <span className="mono min-w-0 flex-1">{wallet.address}</span>
                      <CopyButton value={wallet.address} label={`${coin} ${wallet.version} address`} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="dns-heading">
        <h2 id="dns-heading" className="font-semibold">
          DNS records
        </h2>
        {result.dnsRecords.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No DNS records are set.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Type
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Value
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    TTL
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.dnsRecords.map((record, index) => (
                  <tr key={`${record.type}:${record.name}:${record.value}:${index}`}>
                    <td className="py-2 pr-3 font-medium">{record.type}</td>
                    <td className="mono py-2 pr-3">{record.name}</td>
                    <td className="mono py-2 pr-3">{record.value}</td>
                    <td className="py-2 tabular-nums">{record.ttl}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="text-heading">
        <h2 id="text-heading" className="font-semibold">
          Text records
        </h2>
        {result.txtRecords.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No text records are set.</p>
        ) : (
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {result.txtRecords.map((record) => (
              <div key={record.key} className="contents">
                <dt className="font-medium text-slate-600">{record.key}</dt>
                <dd className="min-w-0 break-words">{record.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}

function ContentHash({ uri }: { uri: string }) {
  const match = /^(ipfs|ipns):\/\/(.+)$/.exec(uri);
  const gateway = match
    ? `https://dweb.link/${match[1]}/${match[2]}`
    : /^bzz:\/\//.test(uri)
      ? `https://gateway.ethswarm.org/bzz/${uri.slice(6)}`
      : undefined;
  return (
    <span className="block space-y-2">
      <span className="mono block">{uri}</span>
      <span className="flex flex-wrap items-center gap-3">
        <CopyButton value={uri} label="content hash" />
        {gateway ? (
          <a href={gateway} target="_blank" rel="noreferrer noopener" className="text-sm text-indigo-700 underline">
            Open through a gateway<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </span>
    </span>
  );
}
