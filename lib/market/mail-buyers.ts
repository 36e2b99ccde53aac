import "server-only";
import { config } from "@/lib/config";
import { database } from "@/lib/db";
import { sendMail } from "@/lib/mail/mailer";
import { formatUnits } from "@/lib/payments/crypto/rates";

// Mails to buyers who gave an e-mail address: a receipt when an order completes, a notice when a
// refund is owed and when it is paid. Each mail is claimed by one statement (its key is unique, and
// a claim holds a lease while it is sent), so one instance sends it; a refused send is tried again
// with backoff, 8 times at most. Only what happened in the last two days is mailed, so turning
// SMTP_URL on never mails a backlog.

const RECENT_MS = 2 * 86_400_000;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const BATCH = 50;

interface Claimed {
  key: string;
  recipient: string;
  attempts: number;
}

/** Sends what is due now; answers the keys sent. */
export async function mailBuyers(now = new Date()): Promise<string[]> {
  const claimed = [...(await claimNew(now)), ...(await claimRetries(now))];
  const sent: string[] = [];
  for (const mail of claimed) {
    try {
      const content = await contentOf(mail.key);
      if (content) await sendMail({ to: mail.recipient, ...content });
      await database().query(`UPDATE buyer_mail SET sent_at = $2, last_error = NULL WHERE key = $1`, [mail.key, now]);
      sent.push(mail.key);
    } catch (error) {
      const backoff = Math.min(2 ** mail.attempts * 60_000, 6 * 3_600_000);
      await database().query(`UPDATE buyer_mail SET next_attempt_at = $2, last_error = $3 WHERE key = $1`, [
        mail.key,
        new Date(now.getTime() + backoff),
        (error instanceof Error ? error.message : String(error)).slice(0, 500),
      ]);
    }
  }
  return sent;
}

function claimNew(now: Date): Promise<Claimed[]> {
  return database().query<Claimed>(
    `INSERT INTO buyer_mail (key, recipient, attempts, next_attempt_at)
     SELECT key, recipient, 1, $2::timestamptz FROM (
       SELECT 'receipt:' || o.id AS key, o.owner_email AS recipient FROM "order" o
        WHERE o.completed_at > $1::timestamptz AND o.order_status = 'COMPLETED' AND o.owner_email IS NOT NULL
       UNION ALL
       SELECT 'refund-owed:' || r.id, o.owner_email FROM refund r JOIN "order" o ON o.id = r.order_id
        WHERE r.created_at > $1::timestamptz AND o.owner_email IS NOT NULL
       UNION ALL
       SELECT 'refund-paid:' || r.id, o.owner_email FROM refund r JOIN "order" o ON o.id = r.order_id
        WHERE r.paid_at > $1::timestamptz AND r.status = 'PAID' AND o.owner_email IS NOT NULL
     ) due
     WHERE NOT EXISTS (SELECT 1 FROM buyer_mail m WHERE m.key = due.key)
     LIMIT ${BATCH}
     ON CONFLICT (key) DO NOTHING
     RETURNING key, recipient, attempts`,
    [new Date(now.getTime() - RECENT_MS), new Date(now.getTime() + LEASE_MS)],
  );
}

function claimRetries(now: Date): Promise<Claimed[]> {
  return database().query<Claimed>(
    `UPDATE buyer_mail SET attempts = attempts + 1, next_attempt_at = $2::timestamptz
      WHERE key IN (SELECT key FROM buyer_mail
                     WHERE sent_at IS NULL AND next_attempt_at <= $1::timestamptz AND attempts < ${MAX_ATTEMPTS}
                     ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING key, recipient, attempts`,
    [now, new Date(now.getTime() + LEASE_MS)],
  );
}

const orderLink = (orderId: string) => {
  const origin = config().PUBLIC_ORIGIN;
  return origin ? `\n\nFollow it at ${origin.replace(/\/+$/, "")}/orders/${orderId}` : "";
};

async function contentOf(key: string): Promise<{ subject: string; text: string } | null> {
  const [kind, id] = key.split(":") as [string, string];
  if (kind === "receipt") {
    const [order] = await database().query<{
      id: string;
      domain: string;
      years: number;
      kind: string;
      price: string;
      currency: string;
      base_price_cents: number;
      name_expires_at: string | null;
    }>(
      `SELECT id, domain, years, kind::text AS kind, price, currency, base_price_cents, name_expires_at
         FROM "order" WHERE id = $1`,
      [id],
    );
    if (!order) return null;
    const what = order.kind === "RENEWAL" ? `Renewal of ${order.domain}` : order.domain;
    return {
      subject: `Receipt: ${what}`,
      text:
        `${what} for ${order.years} year${order.years === 1 ? "" : "s"} is yours: the order is complete.\n\n` +
        `Paid: ${order.price} ${order.currency}` +
        (order.currency === "USD" ? "" : ` (${(order.base_price_cents / 100).toFixed(2)} USD)`) +
        `\nOrder: ${order.id}` +
        (order.name_expires_at ? `\nThe name now runs until ${new Date(order.name_expires_at).toISOString()}` : "") +
        orderLink(order.id),
    };
  }
  const [refund] = await database().query<{
    order_id: string;
    domain: string;
    currency: string;
    decimals: number;
    amount_atomic: string;
    reason: string;
    payout_reference: string | null;
    processor_refund_id: string | null;
    method: string;
  }>(
    `SELECT r.order_id, o.domain, r.currency, r.decimals, r.amount_atomic, r.reason, r.payout_reference,
            r.processor_refund_id, r.method
       FROM refund r JOIN "order" o ON o.id = r.order_id WHERE r.id = $1`,
    [id],
  );
  if (!refund) return null;
  const amount = `${formatUnits(BigInt(refund.amount_atomic), refund.decimals)} ${refund.currency}`;
  if (kind === "refund-owed")
    return {
      subject: `A refund of ${amount} is owed to you (${refund.domain})`,
      text:
        `A refund of ${amount} is owed to you for your order of ${refund.domain}.\n\nWhy: ${refund.reason}\n` +
        (refund.method === "crypto"
          ? "\nIt is paid to the address the payment came from unless you claim it to another: on the order " +
            "page, sign in with the order's owner wallet or ask for a claim link by e-mail.\n"
          : "") +
        `Order: ${refund.order_id}` +
        orderLink(refund.order_id),
    };
  return {
    subject: `Your refund of ${amount} was paid (${refund.domain})`,
    text:
      `Your refund of ${amount} for your order of ${refund.domain} was paid.\n` +
      `Reference: ${refund.payout_reference ?? refund.processor_refund_id ?? "—"}\nOrder: ${refund.order_id}` +
      orderLink(refund.order_id),
  };
}
