"use client";
// One webhook receiver's delivery log, with a test event and redelivery of one delivery.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { dateTime } from "../format";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { usePartnerApi } from "./use-partner-api";

const TONES = { delivered: "green", pending: "amber", failed: "red" } as const;

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const call = usePartnerApi();
  const client = useQueryClient();
  const key = ["partner", "webhooks", endpointId, "deliveries"];
  const log = useQuery({
    queryKey: key,
    queryFn: () =>
      call((headers) =>
        apiClient.GET("/v1/partner/webhooks/{id}/deliveries", { params: { path: { id: endpointId } }, headers }),
      ),
    refetchInterval: 5_000,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const test = useMutation({
    mutationFn: () =>
      call((headers) =>
        apiClient.POST("/v1/partner/webhooks/{id}/test", { params: { path: { id: endpointId } }, headers }),
      ),
    onSuccess: refresh,
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      call((headers) =>
        apiClient.POST("/v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver", {
          params: { path: { id: endpointId, deliveryId } },
          headers,
        }),
      ),
    onSuccess: refresh,
  });

  return (
    <div className="space-y-2" data-testid="webhook-deliveries">
      <button type="button" className="btn-secondary px-3 py-1" onClick={() => test.mutate()}>
        Send test event
      </button>
      {log.isPending ? (
        <Loading label="Loading deliveries…" />
      ) : log.isError ? (
        <ErrorPanel error={log.error} title="Deliveries could not be loaded" onRetry={() => log.refetch()} />
      ) : log.data.deliveries.length === 0 ? (
        <Empty title="No deliveries yet">Events this receiver asked for appear here as they are sent.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {log.data.deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <Badge tone={TONES[delivery.status]}>{delivery.status}</Badge>
              <code>{delivery.eventType}</code>
              <span className="text-slate-600">
                {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
                {delivery.lastStatusCode !== null ? `, HTTP ${delivery.lastStatusCode}` : ""}
              </span>
              {delivery.lastError && delivery.status !== "delivered" ? (
                <span className="break-all text-red-700">{delivery.lastError}</span>
              ) : null}
              <span className="tabular-nums text-slate-500">{dateTime(delivery.createdAt)}</span>
              <button
                type="button"
                className="ml-auto text-indigo-700 underline"
                onClick={() => redeliver.mutate(delivery.id)}
              >
                Redeliver
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
