import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createAccessToken, latestValidTill } from "./access-tokens";

const FIRST_TOKEN_YEARS = 1;

/** Creates a partner with its first ADMIN token: the only way a partner gets a first credential. */
export async function createPartner(name: string, now = new Date()) {
  const partner = await db().partner.create({ data: { id: randomUUID(), name } });
  const oneYear = new Date(now);
  oneYear.setUTCFullYear(oneYear.getUTCFullYear() + FIRST_TOKEN_YEARS);
  // Within the configured bound, should an operator set it under a year.
  const validTill = new Date(Math.min(oneYear.getTime(), latestValidTill(now).getTime()));
  const token = await createAccessToken(
    partner.id,
    { label: "first admin token", type: "ADMIN", validFrom: now, validTill },
    now,
  );
  return { partner, token };
}
