"use client";
// Signing in is pasting an access token; it is checked against the API before it is kept.
import { useId, useState, type FormEvent } from "react";
import { ApiRequestError } from "../api/client";
import { setSessionToken } from "../session-token";

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const PARTNER_SHAPE_ERROR =
  "That is not an access token: it should be three dot-separated parts (a JWT), as printed by `npm " +
  "run partner -- create`.";

/**
 * `check` calls an endpoint the token must be allowed to call; the dashboard asks for the token
 * list (ADMIN), the lookups for nothing (any valid token is kept and the lookup reports). The
 * operator's console passes its own label, message and store (its token is kept apart).
 */
export function SignInForm({
  check,
  intro,
  label = "Access token",
  shapeError = PARTNER_SHAPE_ERROR,
  keep = setSessionToken,
}: {
  check?: (token: string) => Promise<unknown>;
  intro: string;
  label?: string;
  shapeError?: string;
  keep?: (token: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const token = value.trim();
    if (!JWT_SHAPE.test(token)) {
      setError(shapeError);
      return;
    }
    if (check) {
      setChecking(true);
      try {
        await check(token);
      } catch (failure) {
        setChecking(false);
        setError(
          failure instanceof ApiRequestError && failure.status === 403
            ? "This token is valid but may not manage the dashboard: sign in with an ADMIN token."
            : failure instanceof Error
              ? failure.message
              : "The token could not be checked.",
        );
        return;
      }
      setChecking(false);
    }
    setError(null);
    setValue("");
    keep(token);
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm text-slate-600">{intro}</p>
      <div>
        <label htmlFor={id} className="label">
          {label}
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
          Kept in this browser tab only (session storage), never in a URL or cookie. Closing the tab signs you out.
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
