"use client";
// One owned name: its state and expiry, the actions on it (name-actions.tsx) and the panel the
// chosen action opens (records, transfer or renewal).
import Link from "next/link";
import { useState } from "react";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { dateTime } from "../format";
import { Badge } from "../status";
import { NameActions, type Panel } from "./name-actions";
import type { OwnerSession } from "./owner-session";
import { RecordsEditor } from "./records-editor";
import { RenewPanel } from "./renew-panel";
import { TransferName } from "./transfer-name";

export function NameCard({
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

      <NameActions
        entry={entry}
        session={session}
        headingId={headingId}
        panelId={panelId}
        open={open}
        onToggle={(panel) => setOpen((current) => (current === panel ? null : panel))}
        onChanged={onChanged}
      />

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
