import "server-only";
import { badRequest, notFound } from "@/lib/api/errors";
import { database } from "@/lib/db";
import { isEvmAddress } from "@/lib/names/coins";
import { findParentDomain, normalizeNativeName } from "./parent-domain";

/**
 * Endpoint 6 (no authorization): the sub-domain of `parentDomain` whose owner is `ethAddress`,
 * letter case ignored. When the address owns several, the newest (latest created) is returned.
 */
export async function reverseResolveInParent(rawParent: string, ethAddress: string): Promise<{ domain: string }> {
  if (!isEvmAddress(ethAddress))
    throw badRequest("ethAddress", "ethAddress must be a 0x-prefixed 20-byte hex address.");
  const name = normalizeNativeName(rawParent, "parentDomain");
  const parent = await findParentDomain(name);
  if (!parent) throw notFound("parentDomain", `${name} is not registered in the native registry.`);
  const [row] = await database().lookup<{ name: string }>(
    `SELECT name FROM "domain" WHERE parent_id = $1 AND owner_key = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [parent.id, ethAddress.toLowerCase()],
  );
  if (!row) throw notFound("ethAddress", `${ethAddress} owns no sub-domain of ${name}.`);
  return { domain: row.name };
}
