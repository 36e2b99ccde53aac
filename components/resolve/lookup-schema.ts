// The lookup box's rule: a name with its TLD goes to forward resolution, an address to reverse;
// the output is the page to open.
import { z } from "zod";

function looksLikeAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value) || (!value.includes(".") && value.length >= 25);
}

export const LookupQuery = z.object({
  query: z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      if (!text)
        ctx.addIssue({ code: "custom", message: "Type a name such as alice.web3, or an address such as 0x8ba1…BA72." });
      else if (!looksLikeAddress(text) && !text.includes("."))
        ctx.addIssue({
          code: "custom",
          message: `"${text}" has no TLD: type a full name such as ${text}.web3, or a wallet address.`,
        });
    })
    .transform((text) =>
      looksLikeAddress(text) ? `/reverse/${encodeURIComponent(text)}` : `/resolve/${encodeURIComponent(text)}`,
    ),
});
export type LookupQueryInput = z.input<typeof LookupQuery>;
export type LookupQuery = z.output<typeof LookupQuery>;
