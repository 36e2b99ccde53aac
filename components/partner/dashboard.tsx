"use client";
import { useQueryClient } from "@tanstack/react-query";
import { apiClient, bearer, unwrap } from "../api/client";
import { setSessionToken, useSessionToken } from "../session-token";
import { Loading } from "../status";
import { ParentDomains } from "./parent-domains";
import { PurchasesTable } from "./purchases-table";
import { StatementPanel } from "./statement-panel";
import { SignInForm } from "./sign-in-form";
import { TokensPanel } from "./tokens-panel";
import { WalletSignIn } from "./wallet-sign-in";
import { WebhooksPanel } from "./webhooks-panel";

export function PartnerDashboard() {
  const token = useSessionToken();
  const client = useQueryClient();
  if (token === undefined) return <Loading label="Opening the dashboard…" />;
  if (token === null) {
    return (
      <div className="card mx-auto max-w-xl">
        <h2 className="text-lg font-semibold">Sign in</h2>
        <div className="mt-3 space-y-4">
          <WalletSignIn />
          <SignInForm
            check={(candidate) => unwrap(apiClient.GET("/v1/partner/access-token", { headers: bearer(candidate) }))}
            intro={
              "Paste an ADMIN access token of your partner account. The first one is printed by `npm run " +
              "partner -- create`; the demo's is in .data/demo-admin-token."
            }
          />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Signed in with an access token for this tab.</p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setSessionToken(null);
            client.removeQueries({ queryKey: ["partner"] });
            client.removeQueries({ queryKey: ["parent"] });
          }}
        >
          Sign out
        </button>
      </div>
      <TokensPanel />
      <WebhooksPanel />
      <PurchasesTable />
      <StatementPanel />
      <ParentDomains />
    </div>
  );
}
