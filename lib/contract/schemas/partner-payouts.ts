// The operator's record of a payout to a partner (POST /v1/operator/partner-payouts).
import { z } from "zod";
import { Uuid } from "./common";

export const PartnerPayoutRequest = z
  .object({
    partnerId: Uuid,
    currency: z.enum(["USD", "ETH", "USDC", "BTC"], { error: "currency must be USD, ETH, USDC or BTC" }),
    amountAtomic: z
      .string()
      .regex(/^[1-9]\d{0,40}$/, "amountAtomic must be a positive whole number of the currency's smallest unit"),
    reference: z
      .string()
      .trim()
      .min(1, "reference must say how it was paid (a transaction hash or a bank reference)")
      .max(200, "reference must be at most 200 characters"),
  })
  .meta({ id: "PartnerPayoutRequest" });

export const PartnerPayout = z
  .object({
    partnerId: Uuid,
    currency: z.string(),
    amountAtomic: z.string(),
    reference: z.string(),
    heldAtomic: z
      .string()
      .meta({ description: "What the platform still holds for the partner in this currency after the payout." }),
  })
  .meta({ id: "PartnerPayout" });
