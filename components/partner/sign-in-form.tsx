"use client";
// Signing in is pasting an access token; it is checked against the API before it is kept.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ApiRequestError } from "../api/client";
import { setSessionToken } from "../session-token";
import { PARTNER_SHAPE_ERROR, signInSchema, type SignInValues } from "./sign-in-schema";

/** Why `check` refused the token, in words. */
function refusal(failure: unknown): string {
  if (failure instanceof ApiRequestError && failure.status === 403)
    return "This token is valid but may not manage the dashboard: sign in with an ADMIN token.";
  return failure instanceof Error ? failure.message : "The token could not be checked.";
}

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
  const resolver = useMemo(() => zodResolver(signInSchema(shapeError)), [shapeError]);
  // Judged when "Sign in" is pressed; the message stays until the next try.
  const { register, handleSubmit, setError, reset, control, formState } = useForm<SignInValues>({
    resolver,
    defaultValues: { token: "" },
    reValidateMode: "onSubmit",
  });
  const empty = useWatch({ control, name: "token" }).trim() === "";
  const error = formState.errors.token?.message ?? null;

  async function submit({ token }: SignInValues) {
    if (check) {
      try {
        await check(token);
      } catch (failure) {
        setError("token", { type: "server", message: refusal(failure) });
        return;
      }
    }
    reset();
    keep(token);
  }

  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate>
      <p className="text-sm text-slate-600">{intro}</p>
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <textarea
          id={id}
          {...register("token")}
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
      <button type="submit" className="btn-primary" disabled={formState.isSubmitting || empty}>
        {formState.isSubmitting ? "Checking…" : "Sign in"}
      </button>
    </form>
  );
}
