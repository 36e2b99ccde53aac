"use client";
// /names: sign in with the wallet, then the signed-in address's names with their expiry, and per
// name its records, primary name, transfer and renewal.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { apiClient, ApiRequestError, bearer, unwrap } from "../api/client";
import { dateTime, shortAddress } from "../format";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { ConnectWallet } from "./connect-wallet";
import { setOwnerSession, useOwnerSession, type OwnerSession } from "./owner-session";
import { RecordsEditor } from "./records-editor";
import { RenewPanel } from "./renew-panel";
import { TransferName } from "./transfer-name";

export function OwnerNames() {
  const session = useOwnerSession();
  if (session === undefined) return <Loading label="Checking your session…" />;
  if (session === null) return <ConnectWallet />;
  return <SignedIn session={session} />;
}

const PAGE_SIZE = 50;

function SignedIn({ session }: { session: OwnerSession }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const names = useInfiniteQuery({
    queryKey: ["owner-names", session.token],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        apiClient.GET("/v1/owner/names", {
          params: { query: { pageSize: PAGE_SIZE, pageToken: pageParam || undefined } },
          headers: bearer(session.token),
          signal,
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPaginationToken || undefined,
  });
  const signOut = useMutation({
    mutationFn: () => unwrap(apiClient.DELETE("/v1/owner/session", { headers: bearer(session.token) })),
    onSettled: () => setOwnerSession(null),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["owner-names", session.token] });

  // The session ended (expired, or signed out elsewhere): sign in again.
  const ended = names.isError && names.error instanceof ApiRequestError && names.error.status === 401;
  useEffect(() => {
    if (ended) setOwnerSession(null);
  }, [ended]);
  const all = names.data?.pages.flatMap((page) => page.names) ?? [];
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

type Panel = "records" | "transfer" | "renew" | null;

function NameCard({
  entry,
  session,
  onChanged,
  onTransferred,
}: {
  entry: OwnerName;
  session: OwnerSession;
  onChanged: () => void;
  onTransferred: (to: string) => void;
}) {
  const [open, setOpen] = useState<Panel>(null);
  const headingId = `name-${entry.name.replace(/[^a-z0-9]/gi, "-")}`;
  const inGrace = entry.state === "grace";
  const ethRecord = entry.walletAddrs.find((w) => w.coinId === 60)?.addr;
  const pointsHere = ethRecord?.toLowerCase() === session.address.toLowerCase();
  const primary = useMutation({
    mutationFn: (name: string | null) =>
      unwrap(apiClient.PUT("/v1/owner/reverse", { headers: bearer(session.token), body: { name } })),
    onSuccess: onChanged,
  });
  const toggle = (panel: Exclude<Panel, null>) => setOpen((current) => (current === panel ? null : panel));
  const panelId = `${headingId}-panel`;

  return (
    <article className="card space-y-4" aria-labelledby={headingId} data-testid={`owned-${entry.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-all text-lg font-semibold">
            {entry.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {inGrace ? <Badge tone="red">Expired</Badge> : <Badge tone="green">Active</Badge>}
            {entry.primary ? <Badge tone="indigo">Primary name</Badge> : null}
            <span data-testid="expiry">
              {entry.expiresAt === null
                ? "Does not expire"
                : inGrace
                  ? `Expired ${dateTime(entry.expiresAt)}; renewable until ${dateTime(entry.graceEndsAt!)}`
                  : `Expires ${dateTime(entry.expiresAt)}`}
            </span>
          </div>
          {inGrace ? (
            <p className="mt-2 text-sm text-red-800">
              It no longer resolves. Renew it before the grace period ends, or anyone may buy it.
            </p>
          ) : null}
        </div>
        <Link
          href={`/resolve/${encodeURIComponent(entry.name)}`}
          className="text-sm text-indigo-700 underline"
          prefetch={false}
        >
          See how it resolves
        </Link>
      </div>

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => toggle("records")}
          aria-expanded={open === "records"}
          aria-controls={panelId}
          disabled={inGrace}
        >
          Edit records
        </button>
        {entry.primary ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => primary.mutate(null)}
            disabled={primary.isPending}
          >
            Stop using as primary name
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => primary.mutate(entry.name)}
            disabled={primary.isPending || inGrace || !pointsHere}
            aria-describedby={!pointsHere && !inGrace ? `${headingId}-primary-hint` : undefined}
          >
            Set as primary name
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => toggle("transfer")}
          aria-expanded={open === "transfer"}
          aria-controls={panelId}
          disabled={inGrace}
        >
          Transfer
        </button>
        {entry.expiresAt !== null ? (
          <button
            type="button"
            className={inGrace ? "btn-primary" : "btn-secondary"}
            onClick={() => toggle("renew")}
            aria-expanded={open === "renew"}
            aria-controls={panelId}
          >
            Renew
          </button>
        ) : null}
      </div>
      {!pointsHere && !inGrace && !entry.primary ? (
        <p id={`${headingId}-primary-hint`} className="text-xs text-slate-500">
          To make it your primary name, first set its ETH wallet to {shortAddress(session.address)}.
        </p>
      ) : null}
      {primary.isError ? <ErrorPanel error={primary.error} title="The primary name was not changed" /> : null}

      <div id={panelId}>
        {open === "records" ? (
          <div className="border-t border-slate-100 pt-4">
            <RecordsEditor entry={entry} token={session.token} onSaved={onChanged} />
          </div>
        ) : open === "transfer" ? (
          <div className="border-t border-slate-100 pt-4">
            <TransferName
              name={entry.name}
              token={session.token}
              ownerAddress={session.address}
              onTransferred={onTransferred}
            />
          </div>
        ) : open === "renew" && entry.expiresAt !== null ? (
          <div className="border-t border-slate-100 pt-4">
            <RenewPanel name={entry.name} expiresAt={entry.expiresAt} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
