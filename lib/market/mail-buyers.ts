import "server-only";
import { config } from "@/lib/config";
import type { OrderStatus, RefundStatus } from "@prisma/client";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import { sendMail } from "@/lib/mail/mailer";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { timestamptz } from "./sql-casts";

// Mails to buyers who gave an e-mail address: a receipt when an order completes, a notice when a
// refund is owed and when it is paid. Each mail is claimed by one statement (its key is unique, and
// a claim holds a lease while it is sent), so one instance sends it; a refused send is tried again
// with backoff, 8 times at most. Only what happened in the last two days is mailed, so turning
// SMTP_URL on never mails a backlog.

const RECENT_MS = 2 * 86_400_000;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const BATCH = 50;

/** Sends what is due now; answers the keys sent. */
export async function mailBuyers(now = new Date()): Promise<string[]> {
  const claimed = [...(await claimNew(now)), ...(await claimRetries(now))];
  const sent: string[] = [];
  for (const mail of claimed) {
    try {
      const content = await contentOf(mail.key);
      if (content) await sendMail({ to: mail.recipient, ...content });
      await run(
        sqlBuilder.updateTable("buyer_mail").set({ sent_at: now, last_error: null }).where("key", "=", mail.key),
      );
      sent.push(mail.key);
    } catch (error) {
      const backoff = Math.min(2 ** mail.attempts * 60_000, 6 * 3_600_000);
      await run(
        sqlBuilder
          .updateTable("buyer_mail")
          .set({
            next_attempt_at: new Date(now.getTime() + backoff),
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where("key", "=", mail.key),
      );
    }
  }
  return sent;
}

function claimNew(now: Date) {
  const since = timestamptz(new Date(now.getTime() - RECENT_MS));
  return run(
    sqlBuilder
      .insertInto("buyer_mail")
      .columns(["key", "recipient", "attempts", "next_attempt_at"])
      .expression((eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom("order as o")
              .select([sql<string>`'receipt:' || o.id`.as("key"), "o.owner_email as recipient"])
              .where("o.completed_at", ">", since)
              .where("o.order_status", "=", sql.lit<OrderStatus>("COMPLETED"))
              .where("o.owner_email", "is not", null)
              .unionAll(
                eb
                  .selectFrom("refund as r")
                  .innerJoin("order as o", "o.id", "r.order_id")
                  .select([sql<string>`'refund-owed:' || r.id`.as("key"), "o.owner_email as recipient"])
                  .where("r.created_at", ">", since)
                  .where("o.owner_email", "is not", null),
              )
              .unionAll(
                eb
                  .selectFrom("refund as r")
                  .innerJoin("order as o", "o.id", "r.order_id")
                  .select([sql<string>`'refund-paid:' || r.id`.as("key"), "o.owner_email as recipient"])
                  .where("r.paid_at", ">", since)
                  .where("r.status", "=", sql.lit<RefundStatus>("PAID"))
                  .where("o.owner_email", "is not", null),
              )
              .as("due"),
          )
          .select([
            "due.key",
            "due.recipient",
            sql.lit(1).as("attempts"),
            timestamptz(new Date(now.getTime() + LEASE_MS)).as("next_attempt_at"),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("buyer_mail as m")
                  .select(sql<number>`1`.as("one"))
                  .whereRef("m.key", "=", "due.key"),
              ),
            ),
          )
          .limit(sql.lit(BATCH)),
      )
      .onConflict((oc) => oc.column("key").doNothing())
      .returning(["key", "recipient", "attempts"]),
  );
}

function claimRetries(now: Date) {
  return run(
    sqlBuilder
      .updateTable("buyer_mail")
      .set((eb) => ({
        attempts: eb("attempts", "+", sql.lit(1)),
        next_attempt_at: timestamptz(new Date(now.getTime() + LEASE_MS)),
      }))
      .where("key", "in", (eb) =>
        eb
          .selectFrom("buyer_mail")
          .select("key")
          .where("sent_at", "is", null)
          .where("next_attempt_at", "<=", timestamptz(now))
          .where("attempts", "<", sql.lit(MAX_ATTEMPTS))
          .orderBy("next_attempt_at")
          .limit(sql.lit(BATCH))
          .forUpdate()
          .skipLocked(),
      )
      .returning(["key", "recipient", "attempts"]),
  );
}

const orderLink = (orderId: string) => {
  const origin = config().PUBLIC_ORIGIN;
  return origin ? `\n\nFollow it at ${origin.replace(/\/+$/, "")}/orders/${orderId}` : "";
};

async function contentOf(key: string): Promise<{ subject: string; text: string } | null> {
  const [kind, id] = key.split(":") as [string, string];
  if (kind === "receipt") {
    const order = await first(
      sqlBuilder
        .selectFrom("order")
        .select([
          "id",
          "domain",
          "years",
          sql<string>`kind::text`.as("kind"),
          "price",
          "currency",
          "base_price_cents",
          "name_expires_at",
        ])
        .where("id", "=", id),
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
  const refund = await first(
    sqlBuilder
      .selectFrom("refund as r")
      .innerJoin("order as o", "o.id", "r.order_id")
      .select([
        "r.order_id",
        "o.domain",
        "r.currency",
        "r.decimals",
        "r.amount_atomic",
        "r.reason",
        "r.payout_reference",
        "r.processor_refund_id",
        "r.method",
      ])
      .where("r.id", "=", id),
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
