import "server-only";
import { badRequest, notFound } from "@/lib/contract/errors";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { isEvmAddress } from "@/lib/names/coins";
import { findParentDomain, normalizeNativeName } from "./parent-domain";

// Only names the address (or the partner, for it) chose: its primary name when that is a sub-name
// of the parent whose ETH record is the address, else the newest sub-name the partner issued to it
// that it still owns. Anyone can buy a name naming any address as owner, so ownership alone never
// makes a name the address's answer (a purchase would otherwise pick the victim's reverse name).
// The issued branch is a subquery so its ORDER BY and LIMIT pick its one row, not the union's.
const chosenOrIssued = prepared((parentId: string, address: string, now: Date) =>
  sqlBuilder
    .selectFrom((eb) =>
      eb
        .selectFrom("reverse_record as r")
        .innerJoin("domain as d", "d.id", "r.domain_id")
        .select(["d.name", sql<number>`0`.as("choice"), "d.created_at", "d.id"])
        .where("r.address", "=", address)
        .where("d.parent_id", "=", parentId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("wallet_record as w")
              .select(sql`1`.as("one"))
              .whereRef("w.domain_id", "=", "d.id")
              .where(sql<boolean>`w.coin = 'ETH' AND w.coin_type = 60 AND lower(w.address) = ${address}`),
          ),
        )
        .where("d.suspended_at", "is", null)
        .where((eb) => eb.or([eb("d.expires_at", "is", null), eb("d.expires_at", ">", now)]))
        .unionAll(
          eb
            .selectFrom((issued) =>
              issued
                .selectFrom("domain")
                .select(["name", sql<number>`1`.as("choice"), "created_at", "id"])
                .where("parent_id", "=", parentId)
                .where("owner_key", "=", address)
                .where("issued_to_key", "=", address)
                .where("suspended_at", "is", null)
                .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(sql.lit(1))
                .as("issued"),
            )
            .selectAll(),
        )
        .as("candidates"),
    )
    .select("name")
    .orderBy("choice")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(sql.lit(1)),
);

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
  const [row] = await chosenOrIssued([parent.id, ethAddress.toLowerCase(), now], "lookup");
  if (!row)
    throw notFound(
      "ethAddress",
      `${ethAddress} has no sub-domain of ${name} issued to it by the partner or chosen as its primary name.`,
    );
  return { domain: row.name };
}
