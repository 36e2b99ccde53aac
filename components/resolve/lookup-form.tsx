"use client";
// One box for both lookups: a name goes to forward resolution, an address to reverse.
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";

function looksLikeAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value) || (!value.includes(".") && value.length >= 25);
}

export function LookupForm({ initial = "" }: { initial?: string }) {
  const id = useId();
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError("Type a name such as alice.web3, or an address such as 0x8ba1…BA72.");
      return;
    }
    if (!looksLikeAddress(text) && !text.includes(".")) {
      setError(`"${text}" has no TLD: type a full name such as ${text}.web3, or a wallet address.`);
      return;
    }
    setError(null);
    router.push(
      looksLikeAddress(text) ? `/reverse/${encodeURIComponent(text)}` : `/resolve/${encodeURIComponent(text)}`,
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={id} className="label">
        Name or address to look up
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
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
