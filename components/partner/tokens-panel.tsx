"use client";
// Access tokens of the partner: list, create (the value is shown once) and delete with a
// confirmation dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { apiClient } from "../api/client";
import { CopyButton } from "../copy-button";
import { dateTime } from "../format";
import { Badge, Empty, ErrorPanel, Loading } from "../status";
import { CreateTokenForm, TOKENS_KEY } from "./create-token-form";
import { usePartnerApi } from "./use-partner-api";

export function TokensPanel() {
  const call = usePartnerApi();
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: async () => withValidity(await call((headers) => apiClient.GET("/v1/partner/access-token", { headers }))),
  });
  const [created, setCreated] = useState<AccessToken | null>(null);
  const [toDelete, setToDelete] = useState<AccessToken | null>(null);

  return (
    <section className="card space-y-5" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        Access tokens
      </h2>
      <CreateTokenForm onCreated={setCreated} />
      {created ? (
        <div
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm"
          data-testid="new-token"
        >
          <p className="font-semibold text-emerald-900">Token &ldquo;{created.label}&rdquo; created</p>
          <p className="mt-1 text-emerald-900">Copy it now: this is the only time its value is shown.</p>
          <div className="mt-2 flex items-start gap-2">
            <code className="mono min-w-0 flex-1 rounded bg-white p-2" data-testid="new-token-value">
              {created.value}
            </code>
            <CopyButton value={created.value} label="new token value" />
          </div>
          <button type="button" className="mt-3 text-sm text-emerald-900 underline" onClick={() => setCreated(null)}>
            I have copied it — hide
          </button>
        </div>
      ) : null}
      {tokens.isPending ? (
        <Loading label="Loading tokens…" />
      ) : tokens.isError ? (
        <ErrorPanel error={tokens.error} title="The tokens could not be loaded" onRetry={() => tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <Empty title="No tokens">Create one above to let an app call the API.</Empty>
      ) : (
        <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="tokens-table">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Label
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Valid
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Value
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} onDelete={() => setToDelete(token)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DeleteDialog token={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}

type ListedToken = AccessToken & { state: "not yet valid" | "expired" | "active" };

/** Each token's state as of the moment the list was loaded (rendering stays pure). */
function withValidity(tokens: AccessToken[]): ListedToken[] {
  const now = Date.now();
  return tokens.map((token) => ({
    ...token,
    state:
      now < Date.parse(token.validFrom) ? "not yet valid" : now >= Date.parse(token.validTill) ? "expired" : "active",
  }));
}

function TokenRow({ token, onDelete }: { token: ListedToken; onDelete: () => void }) {
  const { state } = token;
  return (
    <tr>
      <td className="py-2 pr-3 font-medium break-all">{token.label}</td>
      <td className="py-2 pr-3">
        <Badge tone={token.type === "ADMIN" ? "indigo" : "slate"}>{token.type}</Badge>
      </td>
      <td className="py-2 pr-3 text-slate-600">
        <span className="block">{dateTime(token.validFrom)}</span>
        <span className="block">to {dateTime(token.validTill)}</span>
        {state !== "active" ? <Badge tone="amber">{state}</Badge> : null}
      </td>
      <td className="mono max-w-[10rem] truncate py-2 pr-3 text-slate-500">{token.value}</td>
      <td className="py-2 text-right">
        <button
          type="button"
          className="btn-secondary px-3 py-1"
          onClick={onDelete}
          aria-label={`Delete token ${token.label}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

function DeleteDialog({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const call = usePartnerApi();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) =>
      call((headers) => apiClient.DELETE("/v1/partner/access-token", { body: { id }, headers })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TOKENS_KEY });
      onClose();
    },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (token && !element.open) {
      remove.reset();
      element.showModal();
    } else if (!token && element.open) element.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="delete-token-title"
      className={
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 p-0 shadow-xl " +
        "backdrop:bg-slate-900/40"
      }
    >
      {token ? (
        <div className="space-y-3 p-5">
          <h3 id="delete-token-title" className="text-lg font-semibold">
            Delete &ldquo;{token.label}&rdquo;?
          </h3>
          <p className="text-sm text-slate-600">
            Apps using this {token.type} token stop working at once. This cannot be undone.
          </p>
          {remove.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {remove.error.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => remove.mutate(token.id)}
              disabled={remove.isPending}
            >
              {remove.isPending ? "Deleting…" : "Delete token"}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
