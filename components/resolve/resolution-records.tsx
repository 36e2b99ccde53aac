"use client";
// The record sections of a resolution: wallets grouped by coin, DNS records, text records.
import type { ResolveResult, WalletData } from "@/lib/contract/schemas/resolve";
import { CopyButton } from "../copy-button";
import { Badge } from "../status";

export function WalletsByCoin({ wallets }: { wallets: WalletData[] }) {
  const byCoin = new Map<string, WalletData[]>();
  for (const wallet of wallets) byCoin.set(wallet.coin, [...(byCoin.get(wallet.coin) ?? []), wallet]);
  return (
    <section className="card" aria-labelledby="wallets-heading">
      <h2 id="wallets-heading" className="font-semibold">
        Wallets
      </h2>
      {byCoin.size === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No wallet addresses are set on this name.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {[...byCoin].map(([coin, coinWallets]) => (
            <li key={coin} className="py-3">
              <p className="text-sm font-semibold">{coin}</p>
              <ul className="mt-1 space-y-2">
                {coinWallets.map((wallet) => (
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
  );
}

export function DnsRecordTable({ records }: { records: ResolveResult["dnsRecords"] }) {
  return (
    <section className="card" aria-labelledby="dns-heading">
      <h2 id="dns-heading" className="font-semibold">
        DNS records
      </h2>
      {records.length === 0 ? (
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
              {records.map((record, index) => (
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
  );
}

export function TextRecordList({ records }: { records: ResolveResult["txtRecords"] }) {
  return (
    <section className="card" aria-labelledby="text-heading">
      <h2 id="text-heading" className="font-semibold">
        Text records
      </h2>
      {records.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No text records are set.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {records.map((record) => (
            <div key={record.key} className="contents">
              <dt className="font-medium text-slate-600">{record.key}</dt>
              <dd className="min-w-0 break-words">{record.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
