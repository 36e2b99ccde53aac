"use client";
// Access tokens of the partner: list, create (the value is shown once) and delete with a
// confirmation dialog.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { apiClient } from "../api/client";
import { CopyButton } from "../copy-button";
import { Empty, ErrorPanel, Loading } from "../status";
import { CreateTokenForm, TOKENS_KEY } from "./create-token-form";
import { DeleteTokenDialog } from "./delete-token-dialog";
import { TokenTable, withValidity } from "./token-table";
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
      {created ? <NewTokenNotice token={created} onHide={() => setCreated(null)} /> : null}
      {tokens.isPending ? (
        <Loading label="Loading tokens…" />
      ) : tokens.isError ? (
        <ErrorPanel error={tokens.error} title="The tokens could not be loaded" onRetry={() => tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <Empty title="No tokens">Create one above to let an app call the API.</Empty>
      ) : (
        <TokenTable tokens={tokens.data} onDelete={setToDelete} />
      )}
      <DeleteTokenDialog token={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}

/** The one moment a token's value is shown: copy it, then hide it. */
function NewTokenNotice({ token, onHide }: { token: AccessToken; onHide: () => void }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm"
      data-testid="new-token"
    >
      <p className="font-semibold text-emerald-900">Token &ldquo;{token.label}&rdquo; created</p>
      <p className="mt-1 text-emerald-900">Copy it now: this is the only time its value is shown.</p>
      <div className="mt-2 flex items-start gap-2">
        <code className="mono min-w-0 flex-1 rounded bg-white p-2" data-testid="new-token-value">
          {token.value}
        </code>
        <CopyButton value={token.value} label="new token value" />
      </div>
      <button type="button" className="mt-3 text-sm text-emerald-900 underline" onClick={onHide}>
        I have copied it — hide
      </button>
    </div>
  );
}
