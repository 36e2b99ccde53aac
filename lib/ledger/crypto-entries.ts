import "server-only";
import type { Prisma } from "@prisma/client";

// The ledger's rows of what the chain watchers do (lib/payments/crypto/record-transfers.ts), written
// in the watcher's own transaction: a credited transfer is a sale, a credit a reorganisation took
// away a reorganisation loss. Valued in USD at the payment's rate: the offer's, or for a payment
// that came after its offer expired the rate of its arrival (record-transfers.ts, arrivalRates).

type Tx = Prisma.TransactionClient;

const usdOf = (amount: string, rate = "p.usd_per_unit") =>
  `CASE WHEN ${rate} IS NOT NULL AND p.decimals IS NOT NULL
        THEN round(${amount} / power(10::numeric, p.decimals) * ${rate} * 100)::bigint END`;

/** The sale of one credited transfer (a crypto_transfer row), keyed by the row: a re-read writes nothing. */
export async function recordCryptoSale(tx: Tx, transferId: string, usdPerUnit?: string | null): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO ledger_entry (id, entry_key, kind, currency, decimals, amount_atomic, usd_cents, partner_id,
                               order_id, reference, occurred_at)
     SELECT gen_random_uuid(), 'sale:' || t.id, 'sale', o.currency, coalesce(p.decimals, 0), t.amount,
            ${usdOf("t.amount", "coalesce($2::numeric, p.arrival_usd_per_unit, p.usd_per_unit)")},
            o.partner_id, o.id, t.chain || ':' || t.tx_hash, t.created_at
       FROM crypto_transfer t JOIN payment p ON p.id = t.payment_id JOIN "order" o ON o.id = p.order_id
      WHERE t.id = $1::uuid
     ON CONFLICT (entry_key) DO NOTHING`,
    transferId,
    usdPerUnit ?? null,
  );
}

/**
 * A credit taken away: by a reorganisation (`key`: the reversed_transfer row's id), or a duplicate
 * row of a transfer another watcher had recorded at its new place (`key`: `duplicate:<row id>`).
 */
export async function recordReorgLoss(
  tx: Tx,
  input: { key: string; paymentId: string; chain: string; txHash: string; amount: string; at?: Date },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO ledger_entry (id, entry_key, kind, currency, decimals, amount_atomic, usd_cents, partner_id,
                               order_id, reference, occurred_at)
     SELECT gen_random_uuid(), 'reorg_loss:' || $2, 'reorg_loss', o.currency, coalesce(p.decimals, 0),
            -($3::numeric), -(${usdOf("$3::numeric")}), o.partner_id, o.id, $4, $5::timestamptz
       FROM payment p JOIN "order" o ON o.id = p.order_id
      WHERE p.id = $1::uuid
     ON CONFLICT (entry_key) DO NOTHING`,
    input.paymentId,
    input.key,
    input.amount,
    `${input.chain}:${input.txHash}`,
    input.at ?? new Date(),
  );
}
