import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createAccessToken } from "./access-tokens";

const FIRST_TOKEN_YEARS = 1;

/** Creates a partner with its first ADMIN token: the only way a partner gets a first credential. */
export async function createPartner(name: string, now = new Date()) {
  const partner = await db().partner.create({ data: { id: randomUUID(), name } });
  const validTill = new Date(now);
  validTill.setUTCFullYear(validTill.getUTCFullYear() + FIRST_TOKEN_YEARS);
  const token = await createAccessToken(partner.id, {
    label: "first admin token",
    type: "ADMIN",
    validFrom: now,
    validTill,
  });
  return { partner, token };
}
