"use client";
// The operator signs in by pasting the token `npm run operator -- token` printed; it is checked
// against the API before it is kept, in a store of its own.
import { SignInForm } from "../partner/sign-in-form";
import { setOperatorToken } from "./operator-token";

async function checkOperatorToken(token: string): Promise<void> {
  const now = new Date();
  const query = new URLSearchParams({ from: new Date(now.getTime() - 60_000).toISOString(), to: now.toISOString() });
  const res = await fetch(`/v1/operator/reconciliation?${query}&pageSize=1`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  }).catch(() => null);
  if (res?.status === 401)
    throw new Error("This is not a valid operator token (partner and owner tokens are not accepted).");
  if (!res?.ok) throw new Error("The token could not be checked.");
}

export function OperatorSignIn() {
  return (
    <div className="card">
      <SignInForm
        check={checkOperatorToken}
        intro="Paste the token `npm run operator -- token` printed on the server."
        label="Operator token"
        shapeError="That is not an operator token: paste what `npm run operator -- token` printed."
        keep={setOperatorToken}
      />
    </div>
  );
}
