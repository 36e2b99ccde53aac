// A labelled form field: the label, the control, an optional hint and the error, announced as it changes.
import type { ReactNode } from "react";

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
