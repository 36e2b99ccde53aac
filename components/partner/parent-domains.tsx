"use client";
// Parent domains of the partner: the ones this browser shows, each as a card with its validation
// status, per-day chart, CSV import and sub-domain list.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { ParentDomainCard } from "./parent-domain-card";
import { ParentToShow, type ParentToShowInput } from "./parent-form";
import { useSavedParents } from "./use-saved-parents";

export function ParentDomains() {
  const id = useId();
  const { parents, save } = useSavedParents();
  // Judged when "Show" is pressed, not while typing.
  const { register, handleSubmit, reset, formState } = useForm<ParentToShowInput, unknown, ParentToShow>({
    resolver: zodResolver(ParentToShow),
    defaultValues: { parent: "" },
    reValidateMode: "onSubmit",
  });
  const error = formState.errors.parent?.message ?? null;

  function add({ parent }: ParentToShow) {
    reset();
    if (!parents.includes(parent)) save([parent, ...parents]);
  }

  return (
    <section className="space-y-4" aria-labelledby={`${id}-heading`}>
      <div className="card space-y-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Parent domains
        </h2>
        <form onSubmit={handleSubmit(add)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={`${id}-parent`} className="label">
              Parent domain to check
            </label>
            <input
              id={`${id}-parent`}
              {...register("parent")}
              placeholder="brand.web3"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-parent-error`}
              className="input"
            />
          </div>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </form>
        <p id={`${id}-parent-error`} className="text-sm text-red-700" aria-live="polite">
          {error}
        </p>
        {parents.length === 0 ? (
          <p className="text-sm text-slate-600">
            Add a parent domain you own to see its status, sub-domains and daily activity.
          </p>
        ) : null}
      </div>
      {parents.map((parent) => (
        <ParentDomainCard key={parent} parent={parent} onRemove={() => save(parents.filter((p) => p !== parent))} />
      ))}
    </section>
  );
}
