// The purchase form's rules: the API's own checks (handed in once loaded) plus what the form asks
// of a person, such as a name and an e-mail address when paying with crypto.
import { z } from "zod";
import { CRYPTO_CODES } from "./payment-fields";
import type { Validators } from "./use-validators";
import { walletRowIssues } from "./wallet-rows";

export function checkoutSchema(validators: Validators | null) {
  return z
    .object({
      years: z.number().int().min(1).max(10),
      ownerAddress: z.string().trim(),
      walletAddrs: z.array(z.object({ coinId: z.number(), addr: z.string().trim() })),
      method: z.enum(["card", "crypto"]),
      currency: z.enum(CRYPTO_CODES),
      ownerName: z.string().trim(),
      ownerEmail: z.string().trim(),
    })
    .superRefine((form, ctx) => {
      const issue = (path: (string | number)[], message: string | null | undefined) =>
        message ? ctx.addIssue({ code: "custom", path, message }) : undefined;
      issue(
        ["ownerAddress"],
        form.ownerAddress === ""
          ? "Enter the EVM address (0x…) that will own the name."
          : validators?.ownerAddress(form.ownerAddress),
      );
      for (const found of walletRowIssues(
        form.walletAddrs,
        validators?.wallet,
        "This coin already has an address above.",
      ))
        issue(found.path, found.message);
      if (form.method !== "crypto") return;
      issue(["ownerName"], form.ownerName === "" ? "Enter the name of the owner." : null);
      issue(
        ["ownerEmail"],
        form.ownerEmail === "" ? "Enter an e-mail address for the receipt." : validators?.email(form.ownerEmail),
      );
    });
}

export type CheckoutValues = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutRequest = z.output<ReturnType<typeof checkoutSchema>>;
