import "server-only";
import { getAddress } from "viem";
import { badRequest, conflict, forbidden, notFound } from "@/lib/contract/errors";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { db } from "@/lib/db";
import { isEvmAddress } from "@/lib/names/coins";
import type { Owner } from "@/lib/owners/session-token";
import { createAccessToken } from "@/lib/partners/access-tokens";

// Wallet sign-in to the dashboard (issue 32): a partner ADMIN binds owner addresses to its
// account; an owner signed in with Ethereum (POST /v1/owner/session) whose address is bound
// exchanges that session for a short-lived ADMIN access token of the partner. The token is an
// ordinary access token (listed, deletable, counted among the partner's live tokens while it
// lives); the owner session itself never passes a partner endpoint.

export const WALLET_TOKEN_MINUTES = 60;

export interface BoundAddress {
  address: string;
  createdAt: string;
}

function addressKeyOf(raw: string): string {
  if (!isEvmAddress(raw)) throw badRequest("address", "address must be a 0x-prefixed 20-byte hex address.");
  return raw.toLowerCase();
}

export async function bindOwnerAddress(partnerId: string, raw: string): Promise<BoundAddress> {
  const address = addressKeyOf(raw);
  const row = await db().partnerOwnerAddress.upsert({ where: { address }, update: {}, create: { address, partnerId } });
  if (row.partnerId !== partnerId)
    throw conflict("address", "This address is bound to another partner; it must be unbound there first.");
  return { address: getAddress(row.address), createdAt: row.createdAt.toISOString() };
}

export async function listOwnerAddresses(partnerId: string): Promise<BoundAddress[]> {
  const rows = await db().partnerOwnerAddress.findMany({ where: { partnerId }, orderBy: { createdAt: "desc" } });
  return rows.map((row) => ({ address: getAddress(row.address), createdAt: row.createdAt.toISOString() }));
}

export async function unbindOwnerAddress(partnerId: string, raw: string): Promise<void> {
  const { count } = await db().partnerOwnerAddress.deleteMany({ where: { address: addressKeyOf(raw), partnerId } });
  if (count === 0) throw notFound("address", "This address is not bound to this partner.");
}

/** The partner ADMIN token a signed-in owner gets, when its address is bound to a partner. */
export async function exchangeOwnerSession(owner: Owner, now = new Date()): Promise<AccessToken> {
  const bound = await db().partnerOwnerAddress.findUnique({ where: { address: owner.addressKey } });
  if (!bound) throw forbidden(`${owner.address} is not bound to any partner; an ADMIN of the partner binds it first.`);
  return createAccessToken(
    bound.partnerId,
    {
      label: `wallet ${owner.address}`,
      type: "ADMIN",
      validFrom: new Date(now.getTime() - 60_000),
      validTill: new Date(now.getTime() + WALLET_TOKEN_MINUTES * 60_000),
    },
    now,
  );
}
