"use client";
// Webhook receivers of the partner: register one (its secret is shown once), list them with the
// reason a failing one was disabled, send a test event, delete, and read each delivery log.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiClient } from "../api/client";
import { CopyButton } from "../copy-button";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { usePartnerApi } from "./use-partner-api";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm, WEBHOOKS_KEY } from "./webhook-form";

export function WebhooksPanel() {
  const id = useId();
  const call = usePartnerApi();
  const client = useQueryClient();
  const endpoints = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => call((headers) => apiClient.GET("/v1/partner/webhooks", { headers })),
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (endpointId: string) =>
      call((headers) => apiClient.DELETE("/v1/partner/webhooks", { body: { id: endpointId }, headers })),
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });

  return (
    <section className="card space-y-5" aria-labelledby={`${id}-heading`} data-testid="webhooks-panel">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Webhooks
      </h2>
      <WebhookForm onCreated={setSecret} />
      {secret ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-semibold text-emerald-900">Receiver added. Its signing secret, shown this once:</p>
          <div className="mt-2 flex items-start gap-2">
            <code className="mono min-w-0 flex-1 break-all rounded bg-white p-2" data-testid="webhook-secret">
              {secret}
            </code>
            <CopyButton value={secret} label="webhook secret" />
          </div>
          <button type="button" className="mt-3 text-emerald-900 underline" onClick={() => setSecret(null)}>
            I have copied it — hide
          </button>
        </div>
      ) : null}
      {endpoints.isPending ? (
        <Loading label="Loading receivers…" />
      ) : endpoints.isError ? (
        <ErrorPanel error={endpoints.error} title="Receivers could not be loaded" onRetry={() => endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <Empty title="No receivers">Add one to be told of sub-name changes instead of polling.</Empty>
      ) : (
        <ul className="space-y-3" data-testid="webhook-list">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="mono min-w-0 break-all">{endpoint.url}</span>
                {endpoint.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
              </div>
              {endpoint.disabledReason ? (
                <p role="alert" className="text-red-700">
                  {endpoint.disabledReason}
                </p>
              ) : null}
              <p className="text-slate-600">{endpoint.events.join(", ")}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  onClick={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}
                  aria-expanded={openLog === endpoint.id}
                >
                  Delivery log
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  onClick={() => remove.mutate(endpoint.id)}
                  aria-label={`Delete receiver ${endpoint.url}`}
                >
                  Delete
                </button>
              </div>
              {openLog === endpoint.id ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
