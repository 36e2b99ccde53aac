"use client";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { Empty, ErrorPanel, Loading } from "../status";
import { usePartnerApi } from "./use-partner-api";

export function PurchasesTable() {
  const call = usePartnerApi();
  const purchases = useQuery({
    queryKey: ["partner", "purchases"],
    queryFn: () => call((headers) => apiClient.GET("/v1/partner/purchases", { headers })),
  });
  return (
    <section className="card space-y-3" aria-labelledby="purchases-heading">
      <h2 id="purchases-heading" className="text-lg font-semibold">
        Purchases
      </h2>
      {purchases.isPending ? (
        <Loading label="Loading purchases…" />
      ) : purchases.isError ? (
        <ErrorPanel error={purchases.error} title="Purchases could not be loaded" onRetry={() => purchases.refetch()} />
      ) : purchases.data.purchases.length === 0 ? (
        <Empty title="No purchases yet">
          Names bought through your checkout or sub-domains sold under your parent domains appear here.
        </Empty>
      ) : (
        <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Owner
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {purchases.data.purchases.map((purchase, index) => (
                <tr key={`${purchase.domain}:${index}`}>
                  <td className="py-2 pr-3 font-medium break-all">{purchase.domain}</td>
                  <td className="mono py-2 pr-3">{purchase.ownerAddress}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {purchase.price} {purchase.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
