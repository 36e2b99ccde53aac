// The test checkout's card number: 12 to 19 digits (spaces and dashes as people group them), whose
// check digit the test processor's API verifies too (lib/market/pay-test-intent.ts, same sentence).
import { z } from "zod";
import { luhnValid, normalizeCardNumber } from "@/lib/payments/card/test-cards";

export const TestCard = z.object({
  cardNumber: z
    .string()
    .transform(normalizeCardNumber)
    .refine((digits) => /^\d{12,19}$/.test(digits), {
      message: "Enter a card number of 12 to 19 digits, e.g. 4242 4242 4242 4242.",
      abort: true,
    })
    .refine(luhnValid, "cardNumber must be 12 to 19 digits with a valid check digit"),
});
export type TestCardInput = z.input<typeof TestCard>;
export type TestCard = z.output<typeof TestCard>;
