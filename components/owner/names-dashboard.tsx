"use client";
// /names: sign in with the wallet, then the signed-in address's names with their expiry, and per
// name its records, primary name, transfer and renewal (name-card.tsx).
import Link from "next/link";
import { useState } from "react";
import { Empty, ErrorPanel, Loading } from "../status";
import { ConnectWallet } from "./connect-wallet";
import { NameCard } from "./name-card";
import { useOwnerSession, type OwnerSession } from "./owner-session";
import { useOwnerNames } from "./use-owner-names";

export function OwnerNames() {
  const session = useOwnerSession();
  if (session === undefined) return <Loading label="Checking your session…" />;
  if (session === null) return <ConnectWallet />;
  return <SignedIn session={session} />;
}

function SignedIn({ session }: { session: OwnerSession }) {
  const [notice, setNotice] = useState<string | null>(null);
  const { names, all, signOut, refresh } = useOwnerNames(session);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Signed in as{" "}
          <span className="mono" title={session.address} data-testid="signed-in-address">
            {session.address}
          </span>
        </p>
        <button type="button" className="btn-secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </div>
      <p role="status" className="text-sm text-emerald-800">
        {notice}
      </p>
      {names.isPending ? (
        <Loading label="Loading your names…" />
      ) : names.isError ? (
        <ErrorPanel error={names.error} title="Your names could not be loaded" onRetry={() => names.refetch()} />
      ) : all.length === 0 ? (
        <Empty title="This address owns no names yet">
          <Link href="/" className="text-indigo-700 underline">
            Search for a name
          </Link>{" "}
          and buy it with this address as its owner.
        </Empty>
      ) : (
        <ul className="space-y-4">
          {all.map((entry) => (
            <li key={entry.name}>
              <NameCard
                entry={entry}
                session={session}
                onChanged={refresh}
                onTransferred={(to) => {
                  setNotice(`${entry.name} now belongs to ${to}.`);
                  void refresh();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {names.hasNextPage ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => names.fetchNextPage()}
          disabled={names.isFetchingNextPage}
        >
          {names.isFetchingNextPage ? "Loading…" : "Show more names"}
        </button>
      ) : null}
    </div>
  );
}
