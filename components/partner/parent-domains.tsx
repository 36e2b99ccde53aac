"use client";
// Parent domains of the partner: the ones this browser shows, each as a card with its validation
// status, per-day chart, CSV import and sub-domain list.
import { useId, useState, type FormEvent } from "react";
import { ParentDomainCard } from "./parent-domain-card";
import { useSavedParents } from "./use-saved-parents";

export function ParentDomains() {
  const id = useId();
  const { parents, save } = useSavedParents();
  const [input, setInput] = useState("");
  const [error, setError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const name = input.trim().toLowerCase();
    if (!/^[^\s.]+(\.[^\s.]+)+$/.test(name)) return setError("Type a parent domain with its TLD, e.g. brand.web3.");
    setError(null);
    setInput("");
    if (!parents.includes(name)) save([name, ...parents]);
  }

  return (
    <section className="space-y-4" aria-labelledby={`${id}-heading`}>
      <div className="card space-y-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Parent domains
        </h2>
        <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={`${id}-parent`} className="label">
              Parent domain to check
            </label>
            <input
              id={`${id}-parent`}
              value={input}
              onChange={(e) => setInput(e.target.value)}
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
