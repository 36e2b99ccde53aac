"use client";
// What needs the operator: refunds owed on every sale, deposits nobody expected, reorganisation
// losses, and what is stuck. Lists, not tables, so a phone shows them without scrolling sideways.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { apiClient, bearer, unwrap } from "../api/client";
import { ErrorPanel, Loading } from "../status";
import { setOperatorToken } from "./operator-token";

export function OverviewPanel({ token }: { token: string }) {
  const overview = useQuery({
    queryKey: ["operator", "overview"],
    queryFn: async () => {
      try {
        return await unwrap(apiClient.GET("/v1/operator/overview", { headers: bearer(token) }));
      } catch (error) {
        if ((error as { status?: number }).status === 401) setOperatorToken(null);
        throw error;
      }
    },
  });
  return (
    <section className="card space-y-4" aria-labelledby="overview-heading" data-testid="operator-overview">
      <h2 id="overview-heading" className="text-lg font-semibold">
        Needs attention
      </h2>
      {overview.isPending ? (
        <Loading label="Reading…" />
      ) : overview.isError ? (
        <ErrorPanel error={overview.error} title="The overview could not be read" onRetry={() => overview.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <List title="Refunds owed" testId="refunds-owed">
            {overview.data.refundsOwed.map((r) => (
              <Item key={r.id} head={`${r.amount} ${r.currency} · ${r.status}`} detail={r.domain}>
                {r.method === "crypto" ? `to ${r.refundAddress ?? r.senderAddress ?? "?"}` : r.reason} · refund {r.id}
              </Item>
            ))}
          </List>
          <List title="Deposits nobody expected" testId="unexpected-deposits">
            {overview.data.unattributedDeposits.map((d) => (
              <Item key={d.id} head={`${d.amountAtomic} (smallest unit) ${d.currency}`} detail={d.depositAddress}>
                {d.reason}
              </Item>
            ))}
          </List>
          <List title="Open disputes" testId="disputes">
            {overview.data.disputes.map((d) => (
              <Item
                key={d.disputeId}
                head={`$${(d.amountCents / 100).toFixed(2)} · ${d.status} · due ${d.dueBy ?? "?"}`}
                detail={d.domain}
              >
                {d.reason} · {d.disputeId} · order {d.orderId}
              </Item>
            ))}
          </List>
          <List title="Reorganisation losses" testId="reorganisation-losses">
            {overview.data.reorganisationLosses.map((l) => (
              <Item key={`${l.txHash}-${l.orderId}`} head={`${l.amountAtomic} ${l.currency}`} detail={l.chain}>
                {l.txHash} · order {l.orderId}
              </Item>
            ))}
          </List>
          <List title="Stuck" testId="stuck">
            {overview.data.stuck.cardRefundsFailing.map((r) => (
              <Item key={r.id} head={`Card refund ${r.status}`} detail={r.domain}>
                {r.reason}
              </Item>
            ))}
            {overview.data.stuck.processingIntents.map((p) => (
              <Item key={p.orderId} head="Card payment processing" detail={p.domain}>
                since {p.since} · order {p.orderId}
              </Item>
            ))}
            {overview.data.stuck.watcherLag
              .filter((w) => w.lagBlocks === null || w.lagBlocks > 20)
              .map((w) => (
                <Item key={w.chain} head="Watcher behind" detail={w.chain}>
                  {w.lagBlocks === null ? "the node does not answer" : `${w.lagBlocks} blocks behind the head`}
                </Item>
              ))}
          </List>
        </div>
      )}
    </section>
  );
}

function List({ title, testId, children }: { title: string; testId: string; children: ReactNode[] }) {
  const items = children.flat().filter(Boolean);
  return (
    <div data-testid={testId}>
      <h3 className="font-medium">
        {title} <span className="text-sm text-slate-500">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">{items}</ul>
      )}
    </div>
  );
}

function Item({ head, detail, children }: { head: string; detail: string; children: ReactNode }) {
  return (
    <li className="min-w-0 py-2">
      <p className="font-medium">{head}</p>
      <p className="break-all text-slate-700">{detail}</p>
      <p className="break-all text-xs text-slate-500">{children}</p>
    </li>
  );
}
