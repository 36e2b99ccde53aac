"use client";
// A text input bound to the surrounding react-hook-form, inside the labelled Field, with its error
// announced and marked on the control.
import type { InputHTMLAttributes } from "react";
import { useFormContext } from "react-hook-form";
import { Field } from "../field";
import { useShownError, type ShowRule } from "./shown-error";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className"> & {
  id: string;
  name: string;
  label: string;
  hint?: string;
  mono?: boolean;
  rule?: ShowRule;
};

export function TextField({ id, name, label, hint, mono, rule, ...input }: Props) {
  const { register } = useFormContext();
  const error = useShownError(name, rule);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        {...register(name)}
        autoComplete="off"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
        className={`input ${mono ? "mono" : ""} ${error ? "border-red-500" : ""}`}
      />
    </Field>
  );
}
