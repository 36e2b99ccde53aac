"use client";
// A name's records as its owner edits them: wallets by coin, text records, DNS records and the
// content hash, each judged as it is typed by the API's own rules, saved together (each set
// replaces the name's set) and resolvable at once.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { apiClient, ApiRequestError, bearer, unwrap } from "../api/client";
import { WalletRows } from "../checkout/wallet-rows";
import { useLiveValidation } from "../forms/shown-error";
import { TextField } from "../forms/text-field";
import { ErrorPanel } from "../status";
import { DnsRows } from "./dns-rows";
import { initialRecords, recordsBody, recordsSchema, type RecordsValues } from "./records-schema";
import { TextRows } from "./text-rows";
import { useOwnerValidators } from "./use-owner-validators";

export function RecordsEditor({ entry, token, onSaved }: { entry: OwnerName; token: string; onSaved: () => void }) {
  const id = useId();
  const validators = useOwnerValidators();
  const [defaultValues] = useState(() => initialRecords(entry));
  const resolver = useMemo(() => zodResolver(recordsSchema(validators, entry.name)), [validators, entry.name]);
  const form = useForm<RecordsValues>({ resolver, defaultValues });

  const save = useMutation({
    mutationFn: (values: RecordsValues) =>
      unwrap(
        apiClient.PUT("/v1/owner/names/{name}/records", {
          params: { path: { name: entry.name } },
          headers: bearer(token),
          body: recordsBody(values),
        }),
      ),
    onSuccess: () => onSaved(),
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return;
      for (const item of error.items)
        form.setError(item.field as FieldPath<RecordsValues>, { type: "server", message: item.info });
    },
  });
  // Any change makes the last answer (saved, or its field errors) out of date.
  useLiveValidation(form, validators, () => {
    if (save.isSuccess || save.isError) save.reset();
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        noValidate
        className="space-y-5"
        aria-label={`Records of ${entry.name}`}
      >
        <fieldset className="space-y-3">
          <legend className="font-semibold">Wallets</legend>
          <p className="text-sm text-slate-600">Where people pay when they type {entry.name}, by coin.</p>
          <WalletRows addLabel="Add a wallet" addressLabel={(coin) => `${coin} address`} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold">Text records</legend>
          <p className="text-sm text-slate-600">
            Profile entries such as url, email, avatar, description or com.twitter.
          </p>
          <TextRows />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold">DNS records</legend>
          <p className="text-sm text-slate-600">
            Name <span className="font-mono">@</span> is {entry.name} itself; other names are written in full.
          </p>
          <DnsRows />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold">Content hash</legend>
          <TextField
            id={`${id}-hash`}
            name="contentHash"
            label="IPFS or IPNS address"
            hint="ipfs://<CID> or ipns://<key> of the website this name opens; leave empty for none."
            placeholder="ipfs://bafy…"
            spellCheck={false}
            mono
          />
        </fieldset>
        {save.isError ? (
          <ErrorPanel error={save.error} title="The records were not saved">
            <p className="mt-1">Correct the fields named above and save again.</p>
          </ErrorPanel>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save records"}
          </button>
          <p role="status" className="text-sm text-emerald-700">
            {save.isSuccess && !save.isPending ? "Saved: the new records resolve now." : ""}
          </p>
        </div>
      </form>
    </FormProvider>
  );
}
