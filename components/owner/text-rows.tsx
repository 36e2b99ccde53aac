"use client";
// Text records (url, email, avatar, com.twitter…) as rows of key and value, bound to the records form.
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { TextField } from "../forms/text-field";
import type { RecordsValues } from "./records-schema";

export function TextRows() {
  const { control } = useFormContext<RecordsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "txtRecords" });
  const rows = useWatch({ control, name: "txtRecords" }) ?? [];
  return (
    <>
      {fields.map((field, index) => {
        const key = rows[index]?.key ?? "";
        return (
          <div
            key={field.id}
            className={
              "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
              "sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
            }
          >
            <TextField
              id={`${field.id}-key`}
              name={`txtRecords.${index}.key`}
              label="Key"
              placeholder="url"
              spellCheck={false}
            />
            <TextField
              id={`${field.id}-value`}
              name={`txtRecords.${index}.value`}
              label={`Value of ${key || "this record"}`}
            />
            <button
              type="button"
              className="btn-secondary sm:mt-6"
              onClick={() => remove(index)}
              aria-label={`Remove the text record ${key}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => append({ key: "", value: "" }, { shouldFocus: false })}
      >
        Add a text record
      </button>
    </>
  );
}
