"use client";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { Empty, ErrorPanel, Loading } from "../status";
import { usePartnerApi } from "./use-partner-api";

// The partner's statement from the ledger, one row per month and currency (GET /v1/partner/statement,
// the last 12 months): what buyers paid, what went back, the platform's fee and the partner's share,
// and of it what the platform still holds.

const COLUMNS = [
  ["sales", "Sales"],
  ["refunds", "Refunds"],
  ["platformFees", "Fees"],
  ["net", "Net"],
  ["owed", "Held for you"],
  ["paidOut", "Paid out"],
] as const;

export function StatementPanel() {
  const call = usePartnerApi();
  const statement = useQuery({
    queryKey: ["partner", "statement"],
    queryFn: async () => {
      const data = await call((headers) => apiClient.GET("/v1/partner/statement", { headers }));
      // The client asks for JSON; the document also lists the CSV form of the same answer.
      if (typeof data === "string") throw new Error("The server answered CSV where JSON was asked for.");
      return data;
    },
  });
  return (
    <section className="card space-y-3" aria-labelledby="statement-heading">
      <h2 id="statement-heading" className="text-lg font-semibold">
        Statement
      </h2>
      {statement.isPending ? (
        <Loading label="Loading the statement…" />
      ) : statement.isError ? (
        <ErrorPanel
          error={statement.error}
          title="The statement could not be loaded"
          onRetry={() => statement.refetch()}
        />
      ) : statement.data.months.length === 0 ? (
        <Empty title="Nothing in the last 12 months">
          Sales of your sub-domains, their refunds, the platform&apos;s fee and your share appear here per month.
        </Empty>
      ) : (
        <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Month
                </th>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col" className="py-2 pr-3 text-right font-medium">
                    {label}
                  </th>
                ))}
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Net (USD)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {statement.data.months.map((line) => (
                <tr key={`${line.month}:${line.currency}`}>
                  <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                    {line.month} <span className="text-slate-500">{line.currency}</span>
                  </th>
                  {COLUMNS.map(([key]) => (
                    <td key={key} className="py-2 pr-3 text-right tabular-nums">
                      {line[key]}
                    </td>
                  ))}
                  <td className="py-2 pr-3 text-right tabular-nums">{line.netUsd ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
