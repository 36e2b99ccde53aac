import "server-only";
import { conflict, notFound } from "@/lib/contract/errors";
import { inTransaction } from "@/lib/db/in-transaction";
import { ETHEREUM_COIN_TYPE } from "@/lib/names/coins";
import { nameState } from "@/lib/registry/name-lifecycle";
import type { Owner } from "@/lib/owners/session-token";
import { invalidateNameAndAddresses } from "./invalidate-name";
import { normalizeOwnedName } from "./owned-name";

// PUT /v1/owner/reverse: the signed-in address's primary name, which reverse resolution answers.
// As with ENS, the address chooses it and need not own the name, but the name's ETH record must be
// the address (checked here, and again by every reverse resolution).

export async function setPrimaryName(
  owner: Owner,
  rawName: string | null,
  now = new Date(),
): Promise<{ address: string; name: string | null }> {
  const wanted = rawName === null ? null : normalizeOwnedName(rawName);
  return inTransaction(async (tx) => {
    const previous = await tx.reverseRecord.findUnique({ where: { address: owner.addressKey } });
    if (wanted === null) {
      await tx.reverseRecord.deleteMany({ where: { address: owner.addressKey } });
      if (previous) await invalidateNameAndAddresses(tx, previous.domainId, [owner.addressKey]);
      return { address: owner.address, name: null };
    }
    const domain = await tx.domain.findUnique({
      where: { name: wanted },
      select: { id: true, expiresAt: true, wallets: { select: { coin: true, coinType: true, address: true } } },
    });
    const state = domain ? nameState(domain.expiresAt, now) : "released";
    if (!domain || state === "released") throw notFound("name", `${wanted} is not registered.`);
    if (state === "grace") throw conflict("name", `${wanted} has expired: it must be renewed to be a primary name.`);
    const eth = domain.wallets.find((w) => w.coin === "ETH" && Number(w.coinType) === ETHEREUM_COIN_TYPE);
    if (eth?.address.toLowerCase() !== owner.addressKey) {
      throw conflict(
        "name",
        `${wanted}'s ETH record is ${eth ? eth.address : "not set"}: set it to ${owner.address} before ` +
          "making it your primary name.",
      );
    }
    await tx.reverseRecord.upsert({
      where: { address: owner.addressKey },
      create: { address: owner.addressKey, domainId: domain.id, createdAt: now },
      update: { domainId: domain.id, createdAt: now },
    });
    if (previous && previous.domainId !== domain.id) await invalidateNameAndAddresses(tx, previous.domainId);
    await invalidateNameAndAddresses(tx, domain.id, [owner.addressKey]);
    return { address: owner.address, name: wanted };
  });
}
