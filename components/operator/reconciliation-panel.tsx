"use client";
// The operator's reconciliation of a period: totals, totals per day, and the orders, with a CSV
// download of the page shown.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiClient, bearer, unwrap } from "../api/client";
import { ErrorPanel, Loading } from "../status";
import { setOperatorToken } from "./operator-token";

const DAY = 86_400_000;
const dateInput = (date: Date) => date.toISOString().slice(0, 10);

export function ReconciliationPanel({ token }: { token: string }) {
  const id = useId();
  const [from, setFrom] = useState(() => dateInput(new Date(Date.now() - 6 * DAY)));
  const [to, setTo] = useState(() => dateInput(new Date()));
  const query = { from: `${from}T00:00:00Z`, to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString() };
  const report = useQuery({
    queryKey: ["operator", "reconciliation", query],
    queryFn: async () => {
      try {
        const data = await unwrap(
          apiClient.GET("/v1/operator/reconciliation", { params: { query }, headers: bearer(token) }),
        );
        // The client asks for JSON; the document also lists the CSV form of the same answer.
        if (typeof data === "string") throw new Error("The server answered CSV where JSON was asked for.");
        return data;
      } catch (error) {
        if ((error as { status?: number }).status === 401) setOperatorToken(null);
        throw error;
      }
    },
  });

  async function downloadCsv() {
    const res = await fetch(`/v1/operator/reconciliation?${new URLSearchParams(query)}&pageSize=1000`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/csv" },
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await res.blob());
    link.download = `reconciliation-${from}-${to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section className="card space-y-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Reconciliation
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="label">From</span>
          <input type="date" className="input" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="label">To</span>
          <input type="date" className="input" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="button" className="btn-secondary" onClick={downloadCsv} disabled={!report.isSuccess}>
          Download CSV
        </button>
      </div>
      {report.isPending ? (
        <Loading label="Reconciling…" />
      ) : report.isError ? (
        <ErrorPanel error={report.error} title="The period could not be reconciled" onRetry={() => report.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="reconciliation-totals">
            {(
              [
                ["Orders", String(report.data.totals.orders)],
                ["Received", `$${report.data.totals.receivedUsd}`],
                ["Refunded", `$${report.data.totals.refundedUsd}`],
                ["Written off", `$${report.data.totals.writtenOffUsd}`],
                ["Platform fees", `$${report.data.totals.platformFeeUsd}`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="reconciliation-orders">
              <thead className="text-slate-500">
                <tr>
                  {["Name", "State", "Paid with", "Received", "Refunded / owed", "USD"].map((title) => (
                    <th key={title} scope="col" className="py-2 pr-3 font-medium">
                      {title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.data.orders.map((order) => (
                  <tr key={order.orderId}>
                    <td className="py-2 pr-3 font-medium break-all">{order.domain}</td>
                    <td className="py-2 pr-3">{order.orderStatus}</td>
                    <td className="py-2 pr-3">{order.paymentType === "card" ? "Card" : order.currency}</td>
                    <td className="mono py-2 pr-3 tabular-nums">{order.receivedAtomic}</td>
                    <td className="mono py-2 pr-3 tabular-nums">
                      {order.refundedAtomic} / {order.owedAtomic}
                      {order.writtenOffAtomic !== "0" && ` (${order.writtenOffAtomic} written off)`}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{order.receivedUsd ? `$${order.receivedUsd}` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
