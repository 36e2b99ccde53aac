// The transfer form's rule: an address is asked for, it is not the owner's own, and it passes the
// transfer API's own check (handed in once loaded, see use-owner-validators.ts).
import { z } from "zod";
import type { OwnerValidators } from "./use-owner-validators";

export function transferSchema(validators: Pick<OwnerValidators, "ownerAddress"> | null, currentOwner: string) {
  return z.object({
    ownerAddress: z
      .string()
      .trim()
      .superRefine((target, ctx) => {
        const message =
          target === ""
            ? "Enter the address (0x…) that will own the name."
            : target.toLowerCase() === currentOwner.toLowerCase()
              ? "That is your own address: the name is already yours."
              : validators?.ownerAddress(target);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
  });
}
export type TransferValues = z.input<ReturnType<typeof transferSchema>>;
