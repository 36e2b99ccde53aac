"use client";
// When a field's error is shown: an answer of the server at once; the form's own judgement once the
// field was left or the form sent ("touched"), or also as soon as something is typed ("typed").
import { useEffect, useRef } from "react";
import { get, useFormContext, useFormState, useWatch, type FieldError, type UseFormReturn } from "react-hook-form";

export type ShowRule = "touched" | "typed";

export function useShownError(name: string, rule: ShowRule = "typed"): string | null {
  const { control } = useFormContext();
  const { errors, touchedFields, isSubmitted } = useFormState({ control, name });
  const value: unknown = useWatch({ control, name });
  const error = get(errors, name) as FieldError | undefined;
  if (!error?.message) return null;
  if (error.type === "server") return error.message;
  const judged = isSubmitted || Boolean(get(touchedFields, name)) || (rule === "typed" && value !== "");
  return judged ? error.message : null;
}

/**
 * Judges the whole form after every change, and again once the lazily loaded rules arrive: rows
 * judge each other (a coin or key used twice), so re-checking only the edited field is not enough.
 */
export function useLiveValidation<T extends Record<string, unknown>>(
  form: UseFormReturn<T>,
  rules: unknown,
  onEdit?: () => void,
) {
  const values = useWatch({ control: form.control });
  const snapshot = JSON.stringify(values);
  const seen = useRef(snapshot);
  const edited = useRef(onEdit);
  useEffect(() => {
    edited.current = onEdit;
  });
  const { trigger } = form;
  useEffect(() => {
    if (seen.current !== snapshot) edited.current?.();
    seen.current = snapshot;
    void trigger();
  }, [snapshot, rules, trigger]);
}
