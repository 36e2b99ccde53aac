"use client";
// The operator's hand actions, each with its reason, and the audit log they write.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { OperatorAction } from "@/lib/contract/schemas/operator";
import type { z } from "zod";
import { ApiRequestError, apiClient, bearer, unwrap } from "../api/client";
import { Field } from "../field";
import { ErrorPanel, Loading } from "../status";

type Action = z.infer<typeof OperatorAction>["action"];

const ACTIONS: { value: Action; label: string; target: "orderId" | "refundId" | "name" }[] = [
  { value: "accept-underpaid", label: "Accept an underpaid order", target: "orderId" },
  { value: "write-off-dust", label: "Write off dust (a small crypto refund)", target: "refundId" },
  { value: "refund-order", label: "Refund a completed order", target: "orderId" },
  { value: "suspend-name", label: "Suspend a name", target: "name" },
  { value: "unsuspend-name", label: "Unsuspend a name", target: "name" },
  { value: "release-name", label: "Release a name to the market", target: "name" },
];
const TARGET_LABEL = { orderId: "Order id", refundId: "Refund id", name: "Name" } as const;

export function ActionsPanel({ token }: { token: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>("accept-underpaid");
  const [target, setTarget] = useState("");
  const [reason, setReason] = useState("");
  const kind = ACTIONS.find((a) => a.value === action)!.target;
  const run = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.POST("/v1/operator/actions", {
          body: { action, [kind]: target.trim(), reason } as z.infer<typeof OperatorAction>,
          headers: bearer(token),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["operator"] }),
  });
  const audit = useQuery({
    queryKey: ["operator", "audit"],
    queryFn: () => unwrap(apiClient.GET("/v1/operator/audit", { params: { query: {} }, headers: bearer(token) })),
  });
  const fieldError = (field: string) =>
    run.error instanceof ApiRequestError ? (run.error.fieldMessage(field) ?? null) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  return (
    <section className="card space-y-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Actions
      </h2>
      <form className="grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field id={`${id}-action`} label="Action" error={fieldError("action")}>
          <select
            id={`${id}-action`}
            className="input"
            value={action}
            onChange={(e) => setAction(e.target.value as Action)}
          >
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-target`} label={TARGET_LABEL[kind]} error={fieldError(kind)}>
          <input
            id={`${id}-target`}
            className="input mono"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id={`${id}-reason`} label="Reason (kept in the audit log)" error={fieldError("reason")}>
            <textarea
              id={`${id}-reason`}
              className="input"
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </div>
        <div className="sm:col-span-2 space-y-2">
          {run.isError && !fieldError(kind) && !fieldError("reason") ? (
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
