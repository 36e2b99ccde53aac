"use client";
// Transfer: the new owner's address, checked as it is typed, then a confirmation that says what
// cannot be undone, in a modal dialog (focus kept inside, Escape cancels).
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { apiClient, bearer, unwrap } from "../api/client";
import { showServerErrors } from "../forms/server-errors";
import { useLiveValidation } from "../forms/shown-error";
import { TextField } from "../forms/text-field";
import { ErrorPanel } from "../status";
import { transferSchema, type TransferValues } from "./transfer-schema";
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
  const resolver = useMemo(() => zodResolver(transferSchema(validators, ownerAddress)), [validators, ownerAddress]);
  const form = useForm<TransferValues>({ resolver, defaultValues: { ownerAddress: "" } });
  useLiveValidation(form, validators);
  // The address the dialog asks about, as it was when "Review" was pressed.
  const [target, setTarget] = useState<string | null>(null);
  const confirming = target !== null;

  const transfer = useMutation({
    mutationFn: (to: string) =>
      unwrap(
        apiClient.PUT("/v1/owner/names/{name}/owner", {
          params: { path: { name } },
          headers: bearer(token),
          body: { ownerAddress: to },
        }),
      ),
    onSuccess: (_, to) => {
      setTarget(null);
      onTransferred(to);
    },
    onError: (error) => showServerErrors(form.setError, error, { ownerAddress: "ownerAddress" }),
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (confirming && !element.open) element.showModal();
    if (!confirming && element.open) element.close();
  }, [confirming]);

  // Until the API's rule has loaded an address is not yet judged, so it cannot be reviewed.
  function review(values: TransferValues) {
    if (!validators) return;
    transfer.reset();
    setTarget(values.ownerAddress.trim());
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(review)} noValidate className="space-y-3" aria-label={`Transfer ${name}`}>
        <TextField
          id={`${id}-to`}
          name="ownerAddress"
          label="New owner address"
          hint="The EVM address (0x…) that will own the name. Its records move with it."
          placeholder="0x…"
          spellCheck={false}
          mono
        />
        <button type="submit" className="btn-secondary">
          Review the transfer
        </button>
        <dialog
          ref={dialog}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-body`}
          onClose={() => setTarget(null)}
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
              <button type="button" className="btn-secondary" onClick={() => setTarget(null)} autoFocus>
                Cancel
              </button>
              <button
                type="button"
                className="btn-danger"
                onClick={() => target && transfer.mutate(target)}
                disabled={transfer.isPending}
              >
                {transfer.isPending ? "Transferring…" : `Transfer ${name}`}
              </button>
            </div>
          </div>
        </dialog>
      </form>
    </FormProvider>
  );
}
