// Refunds owed to buyers and the partner's payout account (our endpoints beyond the interface).
import { z } from "zod";
import { IsoDateTime, PageSize, PageToken, Uuid } from "./common";
import { ExactNumber } from "./exact-number";

const RefundStatus = z.enum(["DUE", "PAYING", "PAID", "FAILED", "WRITTEN_OFF"]).meta({
  id: "RefundStatus",
  description:
    "DUE: owed and not yet returned (a card refund asked for and not yet succeeded at the processor " +
    "included). PAYING: the operator started paying this crypto refund out; its amount is frozen, and money " +
    "that arrives later is a new refund. PAID: returned (a card refund the processor says succeeded, or a " +
    "crypto payout the operator recorded). FAILED: the processor's card refund failed or was cancelled; the " +
    "operator returns the money another way. WRITTEN_OFF: crypto dust the operator wrote off (worth less than " +
    "paying it out); never owed again.",
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
      .meta({ description: "Crypto: the address the payment came from, where the refund goes unless one is claimed." }),
    refundAddress: z
      .string()
      .nullable()
      .meta({ description: "Crypto: the address the buyer claimed the refund to; payouts go there when set." }),
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

// Refund claims (issue 31 item 4): the buyer says where a crypto refund goes.

export const OrderRefund = z
  .object({
    id: Uuid,
    method: z.enum(["card", "crypto"]),
    status: RefundStatus,
    reason: z.string(),
    currency: z.string(),
    amount: ExactNumber("Amount owed in whole units of `currency`."),
    amountAtomic: z.string(),
    decimals: z.number().int(),
    chain: z.string().nullable(),
    suggestedAddress: z
      .string()
      .nullable()
      .meta({ description: "Crypto: the address the payment came from; where the refund goes unless one is claimed." }),
    refundAddress: z
      .string()
      .nullable()
      .meta({ description: "Crypto: the address the buyer claimed the refund to; null until claimed." }),
    claimedAt: IsoDateTime.nullable(),
    claimable: z.boolean().meta({
      description: "True while a crypto refund is DUE: its address may be claimed (again) until the payout starts.",
    }),
    payoutReference: z.string().nullable(),
    processorRefundId: z.string().nullable(),
    paidAt: IsoDateTime.nullable(),
  })
  .strict()
  .meta({ id: "OrderRefund" });

export const OrderRefundList = z
  .object({
    refunds: z.array(OrderRefund).meta({ description: "Oldest first." }),
    emailClaim: z
      .boolean()
      .meta({ description: "True when the order has an e-mail address a claim link can be mailed to." }),
  })
  .strict()
  .meta({ id: "OrderRefundList" });

export const ClaimRefundRequest = z
  .object({
    refundAddress: z
      .string({ error: "refundAddress must be an address on the chain the payment came from" })
      .trim()
      .min(1, "refundAddress must be an address on the chain the payment came from")
      .max(120, "refundAddress must be an address on the chain the payment came from")
      .meta({ description: "Where the refund is to be paid: an address on the chain the payment came from." }),
    claimToken: z
      .string({ error: "claimToken must be the code of a claim link" })
      .regex(/^[A-Za-z0-9_-]{43}$/, "claimToken must be the code of a claim link")
      .optional()
      .meta({
        description:
          "The code of a link mailed to the order's e-mail (POST …/refund-claim-link), single-use; absent, the " +
          "request must carry the owner session of the order's owner address.",
      }),
  })
  .strict()
  .meta({ id: "ClaimRefundRequest" });

export const RefundClaimLinkSent = z
  .object({
    sentTo: z.string().meta({ description: "The order's e-mail address, partly masked." }),
    expiresAt: IsoDateTime,
  })
  .strict()
  .meta({ id: "RefundClaimLinkSent" });
