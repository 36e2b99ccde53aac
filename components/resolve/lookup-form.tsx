"use client";
// One box for both lookups: a name goes to forward resolution, an address to reverse.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { LookupQuery, type LookupQueryInput } from "./lookup-schema";

export function LookupForm({ initial = "" }: { initial?: string }) {
  const id = useId();
  const router = useRouter();
  // Judged when "Look up" is pressed, not while typing.
  const { register, handleSubmit, formState } = useForm<LookupQueryInput, unknown, LookupQuery>({
    resolver: zodResolver(LookupQuery),
    defaultValues: { query: initial },
    reValidateMode: "onSubmit",
  });
  const error = formState.errors.query?.message ?? null;

  return (
    <form onSubmit={handleSubmit(({ query }) => router.push(query))} noValidate>
      <label htmlFor={id} className="label">
        Name or address to look up
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          {...register("query")}
          placeholder="alice.web3 or 0x8ba1f109551bD432803012645Ac136ddd64DBA72"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="input mono"
        />
        <button type="submit" className="btn-secondary shrink-0">
          Look up
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
