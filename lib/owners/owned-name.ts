import "server-only";
import type { Prisma } from "@prisma/client";
import { first, sqlBuilder } from "@/lib/db/sql";
import { badRequest, conflict, forbidden, notFound } from "@/lib/contract/errors";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import { graceEndsAt, nameState } from "@/lib/registry/name-lifecycle";
import { toResolveResult, withRecords } from "@/lib/resolution/native";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import type { Owner } from "@/lib/owners/session-token";

// The loader every owner edit starts from: the name, locked for the rest of the transaction,
// when the session's address owns it and it is not expired. Another address's name is 403; a
// name in its grace period may only be renewed (409); one past it is no longer anyone's (404).

export function normalizeOwnedName(raw: string, field = "name"): string {
  try {
    return normalizeWeb3Name(raw);
  } catch (error) {
    if (error instanceof InvalidNameError) throw badRequest(field, error.message);
    throw error;
  }
}

export interface LockedName {
  id: string;
  name: string;
  ownerKey: string;
  expiresAt: Date | null;
}

export async function lockOwnedNameOrThrow(
  tx: Prisma.TransactionClient,
  owner: Owner,
  rawName: string,
  now = new Date(),
): Promise<LockedName> {
  const name = normalizeOwnedName(rawName);
  const row = await first(
    sqlBuilder.selectFrom("domain").select(["id", "owner_key", "expires_at"]).where("name", "=", name).forUpdate(),
    tx,
  );
  const expiresAt = row?.expires_at ? new Date(row.expires_at) : null;
  const state = row ? nameState(expiresAt, now) : "released";
  if (!row || state === "released") throw notFound("name", `${name} is not registered.`);
  if (row.owner_key !== owner.addressKey) throw forbidden(`${name} belongs to another address.`);
  if (state === "grace") {
    const until = graceEndsAt(expiresAt!).toISOString().slice(0, 10);
    throw conflict(
      "name",
      `${name} expired on ${expiresAt!.toISOString().slice(0, 10)}: renew it (until ${until}) before changing it.`,
    );
  }
  return { id: row.id, name, ownerKey: row.owner_key, expiresAt };
}

/** The name's records as resolution shows them (also while it is expired, for its owner). */
export async function recordsOf(tx: Prisma.TransactionClient, domainId: string): Promise<ResolveResult> {
  const domain = await tx.domain.findUniqueOrThrow({ where: { id: domainId }, include: withRecords });
  return toResolveResult(domain);
}
