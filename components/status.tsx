// Loading, empty and error states: each says what happened and what to do next.
import type { ReactNode } from "react";
import { ApiRequestError } from "./api/client";

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-600">
      <span
        className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

export function ErrorPanel({
  error,
  title,
  onRetry,
  children,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const status = error instanceof ApiRequestError ? error.status : undefined;
  const message = error instanceof Error ? error.message : "Something unexpected happened.";
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{message}</p>
      {status ? <p className="mt-1 text-xs text-red-700">HTTP {status}</p> : null}
      {children}
      {onRetry ? (
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: "green" | "red" | "amber" | "slate" | "indigo";
  children: ReactNode;
}) {
  const tones = {
    green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
    red: "bg-red-50 text-red-800 ring-red-600/20",
    amber: "bg-amber-50 text-amber-900 ring-amber-600/30",
    slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
    indigo: "bg-indigo-50 text-indigo-800 ring-indigo-600/20",
  } as const;
  return (
    <span
      className={
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset " + tones[tone]
      }
    >
      {children}
    </span>
  );
}
