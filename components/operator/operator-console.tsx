"use client";
// The operator's console: sign in with an operator token, then the reconciliation of a period.
import { Loading } from "../status";
import { OperatorSignIn } from "./operator-sign-in";
import { setOperatorToken, useOperatorToken } from "./operator-token";
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
      <ReconciliationPanel token={token} />
    </div>
  );
}
