import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { run, sqlBuilder } from "@/lib/db/sql";
import { ownerKey } from "./owner-keys";

// Sign-In with Ethereum nonces. Issuing one writes nothing: the nonce carries its issue time and
// a MAC over both, so only nonces this service issued pass, each for NONCE_LIFETIME_MS. Spending
// one inserts it into owner_nonce_use, whose primary key lets it be spent once across every
// instance; spent nonces are kept until they would have expired anyway.

export const NONCE_LIFETIME_MS = 10 * 60_000;

const RANDOM_HEX = 32;
const TIME_HEX = 11;
const MAC_HEX = 32;
const NONCE = new RegExp(`^[0-9a-f]{${RANDOM_HEX + TIME_HEX + MAC_HEX}}$`);

function mac(body: string): string {
  return createHmac("sha256", ownerKey("nonce")).update(body).digest("hex").slice(0, MAC_HEX);
}

export function issueNonce(now = new Date()): string {
  const body = randomBytes(RANDOM_HEX / 2).toString("hex") + now.getTime().toString(16).padStart(TIME_HEX, "0");
  return body + mac(body);
}

export type NonceCheck = { ok: true } | { ok: false; reason: string };

/** Whether this service issued `nonce` within the last 10 minutes (spent or not). */
export function checkNonce(nonce: string, now = new Date()): NonceCheck {
  if (!NONCE.test(nonce)) return { ok: false, reason: "The message's nonce was not issued by this service." };
  const body = nonce.slice(0, RANDOM_HEX + TIME_HEX);
  const expected = Buffer.from(mac(body));
  if (!timingSafeEqual(expected, Buffer.from(nonce.slice(RANDOM_HEX + TIME_HEX))))
    return { ok: false, reason: "The message's nonce was not issued by this service." };
  const issuedAt = parseInt(body.slice(RANDOM_HEX), 16);
  const age = now.getTime() - issuedAt;
  if (age < 0 || age >= NONCE_LIFETIME_MS)
    return { ok: false, reason: "The message's nonce has expired: ask GET /v1/owner/nonce for a new one." };
  return { ok: true };
}

/** Spends `nonce` inside the caller's transaction; false when it was spent before. */
export async function spendNonce(tx: Prisma.TransactionClient, nonce: string, now = new Date()): Promise<boolean> {
  const inserted = await run(
    sqlBuilder
      .insertInto("owner_nonce_use")
      .values({ nonce, used_at: now })
      .onConflict((conflict) => conflict.column("nonce").doNothing())
      .returning("nonce"),
    tx,
  );
  if (inserted.length === 0) return false;
  // Spent nonces older than a nonce's lifetime can never be presented again; drop a few each time.
  await run(
    sqlBuilder.deleteFrom("owner_nonce_use").where("nonce", "in", (eb) =>
      eb
        .selectFrom("owner_nonce_use")
        .select("nonce")
        .where("used_at", "<", new Date(now.getTime() - NONCE_LIFETIME_MS))
        .limit(100),
    ),
    tx,
  );
  return true;
}
