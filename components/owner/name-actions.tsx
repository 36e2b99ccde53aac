"use client";
// The buttons of an owned name: edit records, set or stop using it as the primary name (only a
// name whose ETH wallet is the signed-in address), transfer, renew.
import { useMutation } from "@tanstack/react-query";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { apiClient, bearer, unwrap } from "../api/client";
import { shortAddress } from "../format";
import { ErrorPanel } from "../status";
import type { OwnerSession } from "./owner-session";

export type Panel = "records" | "transfer" | "renew" | null;

export function NameActions({
  entry,
  session,
  headingId,
  panelId,
  open,
  onToggle,
  onChanged,
}: {
  entry: OwnerName;
  session: OwnerSession;
  headingId: string;
  panelId: string;
  open: Panel;
  onToggle: (panel: Exclude<Panel, null>) => void;
  onChanged: () => void;
}) {
  const inGrace = entry.state === "grace";
  const ethRecord = entry.walletAddrs.find((w) => w.coinId === 60)?.addr;
  const pointsHere = ethRecord?.toLowerCase() === session.address.toLowerCase();
  const primary = useMutation({
    mutationFn: (name: string | null) =>
      unwrap(apiClient.PUT("/v1/owner/reverse", { headers: bearer(session.token), body: { name } })),
    onSuccess: onChanged,
  });

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => onToggle("records")}
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
          onClick={() => onToggle("transfer")}
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
            onClick={() => onToggle("renew")}
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
    </>
  );
}
