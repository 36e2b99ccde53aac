"use client";
// The operator's console: sign in with an operator token, then what needs attention, the
// reconciliation of a period, and the hand actions with their audit log.
import { Loading } from "../status";
import { ActionsPanel } from "./actions-panel";
import { OperatorSignIn } from "./operator-sign-in";
import { setOperatorToken, useOperatorToken } from "./operator-token";
import { OverviewPanel } from "./overview-panel";
import { ReconciliationPanel } from "./reconciliation-panel";

export function OperatorConsole() {
  const token = useOperatorToken();
  if (token === undefined) return <Loading label="Loading…" />;
  if (token === null) return <OperatorSignIn />;
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => setOperatorToken(null)}>
          Sign out
        </button>
      </div>
      <OverviewPanel token={token} />
      <ReconciliationPanel token={token} />
      <ActionsPanel token={token} />
    </div>
  );
}
