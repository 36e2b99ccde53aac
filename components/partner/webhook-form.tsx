"use client";
// Registers a webhook receiver: its https URL and the events it is sent. The signing secret the
// API answers with is handed up, to be shown once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract/schemas/webhook-events";
import { apiClient } from "../api/client";
import { isFieldError, showServerErrors } from "../forms/server-errors";
import { useLoaded } from "../forms/use-loaded";
import { usePartnerApi } from "./use-partner-api";
import {
  DEFAULT_EVENTS,
  loadWebhookSchemas,
  webhookFormSchema,
  type WebhookFormRequest,
  type WebhookFormValues,
} from "./webhook-form-schema";

export const WEBHOOKS_KEY = ["partner", "webhooks"];
const FIELDS = { url: "url", events: "events" } as const;

export function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const id = useId();
  const call = usePartnerApi();
  const client = useQueryClient();
  const api = useLoaded(loadWebhookSchemas);
  const resolver = useMemo(() => zodResolver(webhookFormSchema(api)), [api]);
  const { register, handleSubmit, setError, resetField, formState } = useForm<
    WebhookFormValues,
    unknown,
    WebhookFormRequest
  >({ resolver, defaultValues: { url: "", events: DEFAULT_EVENTS }, reValidateMode: "onSubmit" });
  const create = useMutation({
    mutationFn: (body: WebhookFormRequest) =>
      call((headers) => apiClient.POST("/v1/partner/webhooks", { body, headers })),
    onSuccess: (created) => {
      onCreated(created.secret);
      resetField("url");
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (error) => showServerErrors(setError, error, FIELDS),
  });
  const urlError = formState.errors.url?.message;
  const eventsError = formState.errors.events?.message;

  return (
    <form onSubmit={handleSubmit((body) => create.mutate(body))} noValidate className="space-y-3">
      <div>
        <label htmlFor={`${id}-url`} className="label">
          Receiver URL (https)
        </label>
        <input
          id={`${id}-url`}
          {...register("url")}
          className={`input ${urlError ? "border-red-500" : ""}`}
          placeholder="https://example.com/hooks/namesvc"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${id}-url-error` : undefined}
        />
        {urlError ? (
          <p id={`${id}-url-error`} role="alert" className="mt-1 text-sm text-red-700">
            {urlError}
          </p>
        ) : null}
      </div>
      <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined}>
        <legend className="label">Events</legend>
        <div className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input type="checkbox" value={type} {...register("events")} />
              <code>{type}</code>
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id={`${id}-events-error`} role="alert" className="mt-1 text-sm text-red-700">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        Add receiver
      </button>
      {create.isError && !isFieldError(create.error, FIELDS) ? (
        <p role="alert" className="text-sm text-red-700">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
