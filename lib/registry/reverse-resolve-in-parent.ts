import "server-only";
import { badRequest, notFound } from "@/lib/contract/errors";
import { database } from "@/lib/db";
import { isEvmAddress } from "@/lib/names/coins";
import { findParentDomain, normalizeNativeName } from "./parent-domain";

// Only names the address (or the partner, for it) chose: its primary name when that is a sub-name
// of the parent whose ETH record is the address, else the newest sub-name the partner issued to it
// that it still owns. Anyone can buy a name naming any address as owner, so ownership alone never
// makes a name the address's answer (a purchase would otherwise pick the victim's reverse name).
const CHOSEN_OR_ISSUED = `
  SELECT name FROM (
    SELECT d.name, 0 AS choice, d.created_at, d.id
      FROM reverse_record r JOIN "domain" d ON d.id = r.domain_id
     WHERE r.address = $2 AND d.parent_id = $1
       AND EXISTS (SELECT 1 FROM wallet_record w WHERE w.domain_id = d.id AND w.coin = 'ETH'
                     AND w.coin_type = 60 AND lower(w.address) = $2)
       AND d.suspended_at IS NULL AND (d.expires_at IS NULL OR d.expires_at > $3)
    UNION ALL
    (SELECT name, 1, created_at, id FROM "domain"
      WHERE parent_id = $1 AND owner_key = $2 AND issued_to_key = $2
        AND suspended_at IS NULL AND (expires_at IS NULL OR expires_at > $3)
      ORDER BY created_at DESC, id DESC LIMIT 1)
  ) candidates ORDER BY choice, created_at DESC, id DESC LIMIT 1`;

/**
 * Endpoint 6 (no authorization): the sub-domain of `parentDomain` that is `ethAddress`'s answer
 * (letter case ignored): its primary name in the parent, else the newest one issued to it.
 */
export async function reverseResolveInParent(
  rawParent: string,
  ethAddress: string,
  now = new Date(),
): Promise<{ domain: string }> {
  if (!isEvmAddress(ethAddress))
    throw badRequest("ethAddress", "ethAddress must be a 0x-prefixed 20-byte hex address.");
  const name = normalizeNativeName(rawParent, "parentDomain");
  const parent = await findParentDomain(name);
  if (!parent) throw notFound("parentDomain", `${name} is not registered in the native registry.`);
  const [row] = await database().lookup<{ name: string }>(CHOSEN_OR_ISSUED, [
    parent.id,
    ethAddress.toLowerCase(),
    now.toISOString(),
  ]);
  if (!row)
    throw notFound(
      "ethAddress",
      `${ethAddress} has no sub-domain of ${name} issued to it by the partner or chosen as its primary name.`,
    );
  return { domain: row.name };
}
