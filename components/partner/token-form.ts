// The rules of the create-token form, checked before anything is sent.
import { z } from "zod";

const BOTH_DATES = "Enter both dates of the validity window.";
export const TokenForm = z
  .object({
    label: z.string().trim().min(1, "Give the token a label, e.g. the app that will use it."),
    type: z.enum(["CUSTOMER", "ADMIN"]),
    validFrom: z.string().refine((value) => !Number.isNaN(Date.parse(value)), BOTH_DATES),
    validTill: z.string().refine((value) => !Number.isNaN(Date.parse(value)), BOTH_DATES),
  })
  .refine((form) => !(Date.parse(form.validTill) <= Date.parse(form.validFrom)), {
    path: ["validTill"],
    message: "The end of the validity window must be after its start.",
  });
export type TokenForm = z.infer<typeof TokenForm>;
