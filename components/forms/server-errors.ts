// An API refusal (4xx with `{field, info}` items) shown where the person typed the value: each item
// whose field the form has becomes that field's error. Returns whether any did, so the caller shows
// a panel only for what no field explains.
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "../api/client";

export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  /** API field name → form field name, for each field the form shows. */
  fields: Readonly<Record<string, FieldPath<T>>>,
): boolean {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return false;
  let shown = false;
  for (const item of error.items) {
    const field = Object.hasOwn(fields, item.field) ? fields[item.field] : undefined;
    if (!field) continue;
    setError(field, { type: "server", message: item.info });
    shown = true;
  }
  return shown;
}

/** Whether the error is one the form's fields show (see showServerErrors). */
export function isFieldError(error: unknown, fields: Readonly<Record<string, unknown>>): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.items.some((item) => Object.hasOwn(fields, item.field))
  );
}
