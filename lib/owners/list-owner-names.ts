import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { badRequest } from "@/lib/contract/errors";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { graceEndsAt, nameState } from "@/lib/registry/name-lifecycle";
import { toResolveResult, withRecords } from "@/lib/resolution/native";
import type { Owner } from "@/lib/owners/session-token";
import { ownerKey } from "@/lib/siwe/owner-keys";

// GET /v1/owner/names: the names the session's address owns, by name, with expiry, grace state and
// records (an expired name no longer resolves, but its owner still sees what it holds). Names past
// their grace period are no longer the address's. Keyset pages; the token is the last name, signed
// and bound to the address so it cannot be forged or carried to another owner's list.

const DAY_MS = 86_400_000;

function pageToken(owner: Owner, lastName: string): string {
  const body = Buffer.from(JSON.stringify([owner.addressKey, lastName])).toString("base64url");
  return `${body}.${createHmac("sha256", ownerKey("session")).update(body).digest("base64url").slice(0, 22)}`;
}

function afterName(owner: Owner, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const invalid = () => badRequest("pageToken", "pageToken is not a token this service issued for this list.");
  const [body, mac] = token.split(".");
  if (!body || !mac) throw invalid();
  const expected = Buffer.from(createHmac("sha256", ownerKey("session")).update(body).digest("base64url").slice(0, 22));
  if (expected.length !== Buffer.byteLength(mac) || !timingSafeEqual(expected, Buffer.from(mac))) throw invalid();
  const [address, lastName] = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as [string, string];
  if (address !== owner.addressKey || typeof lastName !== "string") throw invalid();
  return lastName;
}

export async function listOwnerNames(
  owner: Owner,
  page: { pageSize: number; pageToken?: string },
  now = new Date(),
): Promise<{ names: OwnerName[]; nextPaginationToken: string }> {
  const after = afterName(owner, page.pageToken);
  const releasedBefore = new Date(now.getTime() - config().GRACE_PERIOD_DAYS * DAY_MS);
  const [rows, primary] = await Promise.all([
    db().domain.findMany({
      where: {
        ownerKey: owner.addressKey,
        OR: [{ expiresAt: null }, { expiresAt: { gt: releasedBefore } }],
        ...(after !== undefined && { name: { gt: after } }),
      },
      include: withRecords,
      orderBy: { name: "asc" },
      take: page.pageSize + 1,
    }),
    db().reverseRecord.findUnique({ where: { address: owner.addressKey }, select: { domainId: true } }),
  ]);
  const shown = rows.slice(0, page.pageSize);
  const names = shown.flatMap((row): OwnerName[] => {
    const state = nameState(row.expiresAt, now);
    if (state === "released") return [];
    return [
      {
        name: row.name,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        state,
        inGrace: state === "grace",
        graceEndsAt: row.expiresAt ? graceEndsAt(row.expiresAt).toISOString() : null,
        primary: primary?.domainId === row.id,
        records: toResolveResult(row),
        walletAddrs: row.wallets.map((wallet) => ({ coinId: Number(wallet.coinType), addr: wallet.address })),
      },
    ];
  });
  const more = rows.length > page.pageSize;
  return { names, nextPaginationToken: more ? pageToken(owner, shown[shown.length - 1].name) : "" };
}
