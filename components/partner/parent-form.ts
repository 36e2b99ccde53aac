// The rule of the dashboard's "parent domain to check" field: a name with its TLD, compared
// in lower case, checked before a card (and its requests) is added.
import { z } from "zod";

export const ParentToShow = z.object({
  parent: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[^\s.]+(\.[^\s.]+)+$/, "Type a parent domain with its TLD, e.g. brand.web3."),
});
export type ParentToShowInput = z.input<typeof ParentToShow>;
export type ParentToShow = z.output<typeof ParentToShow>;
