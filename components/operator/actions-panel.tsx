"use client";
// The operator's hand actions, each with its reason, and the audit log they write.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OperatorAction } from "@/lib/contract/schemas/operator";
import type { z } from "zod";
import { apiClient, bearer, unwrap } from "../api/client";
import { Field } from "../field";
import { isFieldError, showServerErrors } from "../forms/server-errors";
import { useLoaded } from "../forms/use-loaded";
import { ErrorPanel, Loading } from "../status";
import { ACTIONS, actionSchema, FORM_FIELDS, loadOperatorSchemas, targetOf, type ActionValues } from "./action-schema";

const TARGET_LABEL = { orderId: "Order id", refundId: "Refund id", name: "Name" } as const;
type ActionRequest = z.infer<typeof OperatorAction>;

export function ActionsPanel({ token }: { token: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const api = useLoaded(loadOperatorSchemas);
  const resolver = useMemo(() => zodResolver(actionSchema(api)), [api]);
  const { register, handleSubmit, setError, control, formState } = useForm<ActionValues, unknown, ActionRequest>({
    resolver,
    defaultValues: { action: "accept-underpaid", target: "", reason: "" },
  });
  const kind = targetOf(useWatch({ control, name: "action" }));
  const run = useMutation({
    mutationFn: (body: ActionRequest) =>
      unwrap(apiClient.POST("/v1/operator/actions", { body, headers: bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["operator"] }),
    onError: (error) => showServerErrors(setError, error, FORM_FIELDS),
  });
  const audit = useQuery({
    queryKey: ["operator", "audit"],
    queryFn: () => unwrap(apiClient.GET("/v1/operator/audit", { params: { query: {} }, headers: bearer(token) })),
  });
  const fieldError = (field: keyof ActionValues) => formState.errors[field]?.message ?? null;
  return (
    <section className="card space-y-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Actions
      </h2>
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        onSubmit={handleSubmit((body) => run.mutate(body))}
        noValidate
      >
        <Field id={`${id}-action`} label="Action" error={fieldError("action")}>
          <select id={`${id}-action`} className="input" {...register("action")}>
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-target`} label={TARGET_LABEL[kind]} error={fieldError("target")}>
          <input id={`${id}-target`} className="input mono" {...register("target")} />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-reason`} label="Reason (kept in the audit log)" error={fieldError("reason")}>
            <textarea id={`${id}-reason`} className="input" rows={2} {...register("reason")} />
          </Field>
        </div>
        <div className="sm:col-span-2 space-y-2">
          {run.isError && !isFieldError(run.error, FORM_FIELDS) ? (
            <ErrorPanel error={run.error} title="The action was refused" />
          ) : null}
          {run.isSuccess ? (
            <p className="text-sm text-emerald-700" role="status" data-testid="action-outcome">
              {run.data.outcome}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={run.isPending}>
            {run.isPending ? "Working…" : "Do it"}
          </button>
        </div>
      </form>
      <h3 className="font-medium">Audit log</h3>
      {audit.isPending ? (
        <Loading label="Reading the log…" />
      ) : audit.isError ? (
        <ErrorPanel error={audit.error} title="The log could not be read" onRetry={() => audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing was done by hand yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="audit-log">
          {audit.data.entries.map((entry) => (
            <li key={entry.id} className="min-w-0 py-2">
              <p className="font-medium">
                {entry.action} · <span className="break-all">{entry.target}</span>
              </p>
              <p className="break-words text-slate-700">{entry.reason}</p>
              <p className="break-all text-xs text-slate-500">
                {entry.at} · {entry.operator} {entry.tokenId.slice(0, 8)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
