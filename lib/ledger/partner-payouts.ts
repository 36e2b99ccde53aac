import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import type { z } from "zod";
import { conflict, notFound } from "@/lib/contract/errors";
import type { PartnerPayout, PartnerPayoutRequest } from "@/lib/contract/schemas/partner-payouts";
import { db } from "@/lib/db";
import { first, lockForTransaction, sql, sqlBuilder } from "@/lib/db/sql";

// What the platform paid a partner for the shares it held (crypto sales, card sales without a
// connected account), recorded by the operator as a `payout` row. The same reference again is the
// same payout; a payout beyond what is held is refused, so the statement never shows the platform
// owing less than nothing.

type Request = z.infer<typeof PartnerPayoutRequest>;
type Payout = z.infer<typeof PartnerPayout>;

/** Shares held for the partner in `currency` (not moved by the card processor) less payouts. */
async function heldFor(tx: Prisma.TransactionClient, partnerId: string, currency: string) {
  const row = await first(
    sqlBuilder
      .selectFrom("ledger_entry")
      .select((eb) => [
        eb
          .cast<string>(
            eb(
              eb.fn.coalesce(
                eb.fn
                  .sum<string>("amount_atomic")
                  .filterWhere("kind", "=", "partner_share")
                  .filterWhere("transferred", "=", false),
                sql.lit(0),
              ),
              "-",
              eb.fn.coalesce(eb.fn.sum<string>("amount_atomic").filterWhere("kind", "=", "payout"), sql.lit(0)),
            ),
            "text",
          )
          .as("held"),
        eb.fn.max("decimals").as("decimals"),
      ])
      .where("partner_id", "=", partnerId)
      .where("currency", "=", currency),
    tx,
  );
  return { held: BigInt(row?.held ?? "0"), decimals: row?.decimals ?? 0 };
}

/**
 * Records the payout; `recorded` runs in its transaction when a new row was written (not for the
 * same reference again), so what the caller books beside it (the operator's audit row) commits
 * with it or not at all.
 */
export async function recordPartnerPayout(
  input: Request,
  recorded?: (tx: Prisma.TransactionClient) => Promise<unknown>,
): Promise<Payout> {
  const partner = await db().partner.findUnique({ where: { id: input.partnerId }, select: { id: true } });
  if (!partner) throw notFound("partnerId", "No partner has this id.");
  const key = `payout:${input.partnerId}:${input.currency}:${input.reference}`;
  return db().$transaction(async (tx) => {
    // One payout of a partner at a time, so two cannot both pass the check below.
    await lockForTransaction(`payout:${input.partnerId}`, tx);
    const same = await tx.ledgerEntry.findUnique({ where: { entryKey: key } });
    if (same) {
      if (same.amountAtomic.toFixed(0) !== input.amountAtomic)
        throw conflict("reference", "A payout with this reference was recorded for another amount.");
    } else {
      const { held, decimals } = await heldFor(tx, input.partnerId, input.currency);
      if (BigInt(input.amountAtomic) > held)
        throw conflict(
          "amountAtomic",
          `The platform holds ${held} for this partner in ${input.currency}; nothing was recorded.`,
        );
      await tx.ledgerEntry.create({
        data: {
          id: randomUUID(),
          entryKey: key,
          kind: "payout",
          currency: input.currency,
          decimals,
          amountAtomic: input.amountAtomic,
          usdCents: input.currency === "USD" ? BigInt(input.amountAtomic) : null,
          partnerId: input.partnerId,
          reference: input.reference,
        },
      });
      await recorded?.(tx);
    }
    return {
      partnerId: input.partnerId,
      currency: input.currency,
      amountAtomic: input.amountAtomic,
      reference: input.reference,
      heldAtomic: (await heldFor(tx, input.partnerId, input.currency)).held.toString(),
    };
  });
}
