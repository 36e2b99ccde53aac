"use client";
// The operator signs in by pasting the token `npm run operator -- token` printed; it is checked
// against the API before it is kept.
import { useId, useState, type FormEvent } from "react";
import { setOperatorToken } from "./operator-token";

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function OperatorSignIn() {
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const token = value.trim();
    if (!JWT_SHAPE.test(token)) {
      setError("That is not an operator token: paste what `npm run operator -- token` printed.");
      return;
    }
    setChecking(true);
    const now = new Date();
    const query = new URLSearchParams({ from: new Date(now.getTime() - 60_000).toISOString(), to: now.toISOString() });
    const res = await fetch(`/v1/operator/reconciliation?${query}&pageSize=1`, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    }).catch(() => null);
    setChecking(false);
    if (!res?.ok) {
      setError(
        res?.status === 401
          ? "This is not a valid operator token (partner and owner tokens are not accepted)."
          : "The token could not be checked.",
      );
      return;
    }
    setError(null);
    setValue("");
    setOperatorToken(token);
  }

  return (
    <form onSubmit={submit} className="card space-y-3" noValidate>
      <div>
        <label htmlFor={id} className="label">
          Operator token
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          className={`input mono ${error ? "border-red-500" : ""}`}
          placeholder="eyJhbGciOi…"
        />
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-500">
          From <code>npm run operator -- token</code>. Kept in this tab only; closing it signs you out.
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary" disabled={checking || value.trim() === ""}>
        {checking ? "Checking…" : "Sign in"}
      </button>
    </form>
  );
}
