"use client";
// DNS records as rows of type, name, value and TTL, bound to the records form; `@` is the name itself.
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { DNS_RECORD_TYPES } from "@/lib/names/dns-record-values";
import { Field } from "../field";
import { useShownError } from "../forms/shown-error";
import { TextField } from "../forms/text-field";
import type { RecordsValues } from "./records-schema";

export function DnsRows() {
  const { control } = useFormContext<RecordsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "dnsRecords" });
  const rows = useWatch({ control, name: "dnsRecords" }) ?? [];
  return (
    <>
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        return (
          <div
            key={field.id}
            className={
              "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
              "sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1.5fr)_6rem_auto] sm:items-start"
            }
          >
            <TypeSelect id={`${field.id}-type`} index={index} />
            <TextField id={`${field.id}-name`} name={`dnsRecords.${index}.name`} label="Name" spellCheck={false} mono />
            <TextField
              id={`${field.id}-value`}
              name={`dnsRecords.${index}.value`}
              label={`${row.type} value`}
              spellCheck={false}
              mono
            />
            <TextField id={`${field.id}-ttl`} name={`dnsRecords.${index}.ttl`} label="TTL (s)" inputMode="numeric" />
            <button
              type="button"
              className="btn-secondary sm:mt-6"
              onClick={() => remove(index)}
              aria-label={`Remove the ${row.type} record of ${row.name || "@"}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => append({ type: "A", name: "@", value: "", ttl: "3600" }, { shouldFocus: false })}
      >
        Add a DNS record
      </button>
    </>
  );
}

function TypeSelect({ id, index }: { id: string; index: number }) {
  const { register } = useFormContext<RecordsValues>();
  const error = useShownError(`dnsRecords.${index}.type`);
  return (
    <Field id={id} label="Type" error={error}>
      <select id={id} {...register(`dnsRecords.${index}.type`)} className="input">
        {DNS_RECORD_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    </Field>
  );
}
