"use client";
// A lookup's outcome: the resolution record in full, or why there is none (no records, refused
// token, rate limit), and the partner's token option. Shared by forward (/resolve) and reverse
// (/reverse) lookups.
import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import { ApiRequestError } from "../api/client";
import { SignInForm } from "../partner/sign-in-form";
import { setSessionToken, useSessionToken } from "../session-token";
import { Empty, ErrorPanel, Loading } from "../status";
import { ResolutionDetails } from "./resolution-details";
import { useResolve, useReverse } from "./use-resolve";

export function ForwardResolution({ name }: { name: string }) {
  return <ResolutionState query={useResolve(name)} subject={name} kind="name" />;
}

export function ReverseResolution({ address }: { address: string }) {
  return <ResolutionState query={useReverse(address)} subject={address} kind="address" />;
}

function ResolutionState({
  query,
  subject,
  kind,
}: {
  query: UseQueryResult<ResolveResult>;
  subject: string;
  kind: "name" | "address";
}) {
  const token = useSessionToken();
  return (
    <div className="space-y-6">
      <LookupResult query={query} subject={subject} kind={kind} token={token} />
      <PartnerAccess token={token} />
    </div>
  );
}

function LookupResult({
  query,
  subject,
  kind,
  token,
}: {
  query: UseQueryResult<ResolveResult>;
  subject: string;
  kind: "name" | "address";
  token: string | null | undefined;
}) {
  if (token === undefined || query.isPending) return <Loading label={`Resolving ${subject}…`} />;
  if (query.isError) {
    const error = query.error;
    if (token && error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      return (
        <ErrorPanel error={error} title="The API refused the partner token of this tab">
          <button type="button" className="btn-secondary mt-3" onClick={() => setSessionToken(null)}>
            Sign out and look up without a token
          </button>
        </ErrorPanel>
      );
    }
    if (error instanceof ApiRequestError && error.status === 404) {
      return (
        <Empty title={kind === "name" ? `${subject} has no records` : `No name points to ${subject}`}>
          {kind === "name" ? (
            <>
              {error.message}{" "}
              <Link href="/" className="text-indigo-700 underline">
                Search for it
              </Link>{" "}
              to see whether you can buy it.
            </>
          ) : (
            "A reverse record is returned only for a name whose own records point back to this address."
          )}
        </Empty>
      );
    }
    if (error instanceof ApiRequestError && error.status === 429) {
      return (
        <ErrorPanel error={error} title="Too many lookups from your address" onRetry={() => query.refetch()}>
          <p className="mt-1">
            Lookups without a token are limited per visitor. Wait a moment, or use your partner access token below.
          </p>
        </ErrorPanel>
      );
    }
    return <ErrorPanel error={error} title={`${subject} could not be resolved`} onRetry={() => query.refetch()} />;
  }
  return <ResolutionDetails result={query.data} />;
}

/** Lookups need no token; a partner may still use theirs (and their quota) in this tab. */
function PartnerAccess({ token }: { token: string | null | undefined }) {
  if (token === undefined) return null;
  if (token) {
    return (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="partner-lookup">
        Looking up with your partner access token (its quota applies).
        <button type="button" className="btn-secondary" onClick={() => setSessionToken(null)}>
          Stop using the token
        </button>
      </p>
    );
  }
  return (
    <details className="card max-w-xl">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        Partner? Look up with your access token
      </summary>
      <div className="mt-4">
        <SignInForm
          intro={
            "Paste an ADMIN or CUSTOMER token of your partner account: lookups then count against its quota " +
            "instead of your address's."
          }
        />
      </div>
    </details>
  );
}
