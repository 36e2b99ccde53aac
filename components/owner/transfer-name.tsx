"use client";
// Transfer: the new owner's address, checked as it is typed, then a confirmation that says what
// cannot be undone, in a modal dialog (focus kept inside, Escape cancels).
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { apiClient, bearer, unwrap } from "../api/client";
import { Field } from "../field";
import { ErrorPanel } from "../status";
import { useOwnerValidators } from "./use-owner-validators";

export function TransferName({
  name,
  token,
  ownerAddress,
  onTransferred,
}: {
  name: string;
  token: string;
  ownerAddress: string;
  onTransferred: (to: string) => void;
}) {
  const id = useId();
  const validators = useOwnerValidators();
  const dialog = useRef<HTMLDialogElement>(null);
  const [to, setTo] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const target = to.trim();
  const error =
    target === ""
      ? touched
        ? "Enter the address (0x…) that will own the name."
        : null
      : target.toLowerCase() === ownerAddress.toLowerCase()
        ? "That is your own address: the name is already yours."
        : (validators?.ownerAddress(target) ?? null);

  const transfer = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.PUT("/v1/owner/names/{name}/owner", {
          params: { path: { name } },
          headers: bearer(token),
          body: { ownerAddress: target },
        }),
      ),
    onSuccess: () => {
      setConfirming(false);
      onTransferred(target);
    },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (confirming && !element.open) element.showModal();
    if (!confirming && element.open) element.close();
  }, [confirming]);

  function review(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (target === "" || error || !validators) return;
    transfer.reset();
    setConfirming(true);
  }

  return (
    <form onSubmit={review} noValidate className="space-y-3" aria-label={`Transfer ${name}`}>
      <Field
        id={`${id}-to`}
        label="New owner address"
        hint="The EVM address (0x…) that will own the name. Its records move with it."
        error={error}
      >
        <input
          id={`${id}-to`}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => setTouched(true)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-to-hint ${id}-to-error`}
          className={`input mono ${error ? "border-red-500" : ""}`}
        />
      </Field>
      <button type="submit" className="btn-secondary">
        Review the transfer
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onClose={() => setConfirming(false)}
        className="w-[min(32rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="space-y-4 p-5">
          <h3 id={`${id}-title`} className="text-lg font-semibold">
            Transfer {name}?
          </h3>
          <div id={`${id}-body`} className="space-y-2 text-sm text-slate-700">
            <p>
              {name} will belong to <span className="mono">{target}</span>, with its records.
            </p>
            <p className="font-medium text-red-800">
              You cannot undo this: only the new owner can change the name or give it back.
            </p>
          </div>
          {transfer.isError ? <ErrorPanel error={transfer.error} title="The name was not transferred" /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => transfer.mutate()}
              disabled={transfer.isPending}
            >
              {transfer.isPending ? "Transferring…" : `Transfer ${name}`}
            </button>
          </div>
        </div>
      </dialog>
    </form>
  );
}
