// Refunds owed to buyers and the partner's payout account (our endpoints beyond the interface).
import { z } from "zod";
import { IsoDateTime, PageSize, PageToken, Uuid } from "./common";
import { ExactNumber } from "./exact-number";

const RefundStatus = z.enum(["DUE", "PAYING", "PAID", "FAILED"]).meta({
  id: "RefundStatus",
  description:
    "DUE: owed and not yet returned (a card refund asked for and not yet succeeded at the processor " +
    "included). PAYING: the operator started paying this crypto refund out; its amount is frozen, and money " +
    "that arrives later is a new refund. PAID: returned (a card refund the processor says succeeded, or a " +
    "crypto payout the operator recorded). FAILED: the processor's card refund failed or was cancelled; the " +
    "operator returns the money another way.",
});

export const Refund = z
  .object({
    id: Uuid,
    orderId: Uuid,
    domain: z.string(),
    method: z.enum(["card", "crypto"]),
    status: RefundStatus,
    reason: z.string().meta({
      description: "Why the money is owed: over-, under- or late payment, or an order that could not be fulfilled.",
    }),
    currency: z.string().meta({ description: "`USD` for cards, else the crypto ticker." }),
    amount: ExactNumber("Amount owed in whole units of `currency`."),
    amountAtomic: z
      .string()
      .meta({ description: "The same amount in the smallest unit (cents, wei, token units, satoshi)." }),
    decimals: z.number().int(),
    chain: z.string().nullable().meta({ description: "Crypto: `eip155:<chainId>` or `bitcoin:<network>`." }),
    senderAddress: z
      .string()
      .nullable()
      .meta({ description: "Crypto: the address the payment came from, where the refund goes." }),
    processorRefundId: z.string().nullable().meta({ description: "Card: the processor's refund id (re_…)." }),
    payoutReference: z.string().nullable().meta({ description: "Crypto: what the operator recorded for the payout." }),
    createdAt: IsoDateTime,
    paidAt: IsoDateTime.nullable(),
  })
  .strict()
  .meta({ id: "Refund" });

export const RefundList = z
  .object({
    refunds: z.array(Refund).meta({ description: "Newest first." }),
    nextPaginationToken: z
      .string()
      .meta({ description: "Pass back as pageToken for the next page; empty on the last page." }),
  })
  .strict()
  .meta({ id: "RefundList" });

export const RefundListQuery = z.object({
  status: RefundStatus.optional().meta({ description: "Only refunds in this state." }),
  pageSize: PageSize.meta({ description: "1 to 1000; 100 when absent." }),
  pageToken: PageToken.meta({ description: "nextPaginationToken of the previous page." }),
});

export const RefundPathParams = z.object({ refundId: z.uuid({ error: "refundId must be the uuid of a refund" }) });

export const RecordPayoutRequest = z
  .object({
    amountAtomic: z
      .string({ error: "amountAtomic must be the listed amount in the smallest unit, as a string of digits" })
      .regex(/^[1-9]\d{0,77}$/, "amountAtomic must be the listed amount in the smallest unit, as a string of digits")
      .meta({ description: "The amount paid back, as listed: a refund that grew since it was listed is 409." }),
    reference: z
      .string({ error: "reference must say how the refund was paid (e.g. a transaction hash)" })
      .trim()
      .min(1, "reference must say how the refund was paid (e.g. a transaction hash)")
      .max(200, "reference must be at most 200 characters"),
  })
  // Not in the OpenAPI document: payouts are recorded by the operator's local command only.
  .strict();

export const PayoutAccount = z
  .object({
    processorConnectedAccountId: z
      .string()
      .nullable()
      .meta({ description: "Stripe connected account (acct_…) paid for this partner's sales; null: none." }),
  })
  .strict()
  .meta({ id: "PayoutAccount" });

export const SetPayoutAccountRequest = z
  .object({
    processorConnectedAccountId: z
      .string({ error: "processorConnectedAccountId must be a connected account id (acct_…) or null" })
      .regex(/^acct_[A-Za-z0-9]{1,64}$/, "processorConnectedAccountId must be a connected account id (acct_…) or null")
      .nullable(),
  })
  .strict()
  .meta({ id: "SetPayoutAccountRequest" });
