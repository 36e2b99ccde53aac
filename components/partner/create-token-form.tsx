"use client";
// The form that creates an access token: a label, its right and its validity window.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { apiClient, type ApiRequestError } from "../api/client";
import { TokenForm } from "./token-form";
import { usePartnerApi } from "./use-partner-api";

export const TOKENS_KEY = ["partner", "tokens"];

function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** One message at a time, in the order a person fills the form. */
const firstProblem = (errors: FieldErrors<TokenForm>) =>
  errors.label?.message ?? errors.validFrom?.message ?? errors.validTill?.message ?? null;

export function CreateTokenForm({ onCreated }: { onCreated: (token: AccessToken) => void }) {
  const id = useId();
  const call = usePartnerApi();
  const client = useQueryClient();
  const [defaultValues] = useState<TokenForm>(() => ({
    label: "",
    type: "CUSTOMER",
    validFrom: localInputValue(new Date()),
    validTill: localInputValue(new Date(Date.now() + 90 * 86_400_000)),
  }));
  const { register, handleSubmit, resetField, formState } = useForm<TokenForm>({
    resolver: zodResolver(TokenForm),
    defaultValues,
  });
  const create = useMutation({
    mutationFn: (form: TokenForm) =>
      call((headers) =>
        apiClient.POST("/v1/partner/access-token", {
          body: {
            label: form.label,
            type: form.type,
            validFrom: new Date(form.validFrom).toISOString(),
            validTill: new Date(form.validTill).toISOString(),
          },
          headers,
        }),
      ),
    onSuccess: (token) => {
      onCreated(token);
      resetField("label");
      void client.invalidateQueries({ queryKey: TOKENS_KEY });
    },
  });

  const problem = firstProblem(formState.errors) ?? (create.error as ApiRequestError | null)?.message;
  return (
    <form
      onSubmit={handleSubmit((form) => create.mutate(form))}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-medium sm:col-span-2">
        Create a token
      </h3>
      <div>
        <label htmlFor={`${id}-label`} className="label">
          Label
        </label>
        <input id={`${id}-label`} {...register("label")} maxLength={100} className="input" placeholder="Mobile app" />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="label">
          Type
        </label>
        <select id={`${id}-type`} {...register("type")} className="input" aria-describedby={`${id}-type-hint`}>
          <option value="CUSTOMER">CUSTOMER — lookups only</option>
          <option value="ADMIN">ADMIN — everything</option>
        </select>
        <p id={`${id}-type-hint`} className="mt-1 text-xs text-slate-500">
          Give apps the lesser CUSTOMER right unless they manage tokens.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="label">
          Valid from
        </label>
        <input id={`${id}-from`} type="datetime-local" {...register("validFrom")} className="input" />
      </div>
      <div>
        <label htmlFor={`${id}-till`} className="label">
          Valid until
        </label>
        <input id={`${id}-till`} type="datetime-local" {...register("validTill")} className="input" />
      </div>
      <div className="sm:col-span-2">
        {problem ? (
          <p role="alert" className="mb-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create token"}
        </button>
      </div>
    </form>
  );
}
