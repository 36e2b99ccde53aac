// A JSON number the server writes digit for digit (JSON.rawJSON, lib/market/exact-number.ts):
// to a client it is a number like any other; the schema accepts both forms.
import { z } from "zod";

const isRawJson = (value: unknown): boolean => {
  const check = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON;
  return typeof check === "function" && check(value);
};

/** A number field whose value is written exactly; `description` goes to the OpenAPI document. */
export const ExactNumber = (description: string) =>
  z
    .custom<number>((value) => (typeof value === "number" && Number.isFinite(value)) || isRawJson(value), {
      message: "must be a number",
    })
    .meta({
      type: "number",
      description: `${description} Written with all its digits; parse it as a decimal to keep them.`,
    });
