"use client";
// A resolution record in full: the name and its service, owner, content hash, then its wallets,
// DNS records and text records (resolution-records.tsx).
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import { CopyButton } from "../copy-button";
import { Badge } from "../status";
import { DnsRecordTable, TextRecordList, WalletsByCoin } from "./resolution-records";

const SERVICE_LABEL: Record<ResolveResult["nameService"], string> = {
  native: "Native registry",
  ens: "ENS",
  ud: "Unstoppable Domains",
  icann: "ICANN DNS",
};

export function ResolutionDetails({ result }: { result: ResolveResult }) {
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
      <WalletsByCoin wallets={result.wallets} />
      <DnsRecordTable records={result.dnsRecords} />
      <TextRecordList records={result.txtRecords} />
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
