import "server-only";
import { badRequest, forbidden, notFound } from "@/lib/contract/errors";
import type { Caller } from "@/lib/partners/authenticate";
import { prepared, sqlBuilder } from "@/lib/db/sql";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";

export type ParentDomainRow = NonNullable<Awaited<ReturnType<typeof findParentDomain>>>;

/** The ENSIP-15 form of a native name given in a request, or 400 naming `field`. */
export function normalizeNativeName(input: string, field: string): string {
  try {
    return normalizeWeb3Name(input);
  } catch (error) {
    if (error instanceof InvalidNameError) throw badRequest(field, `${input} is not a valid name. ${error.message}`);
    throw error;
  }
}

/** The cache tag of a parent domain's listings: invalidated when it or its sub-domains change. */
export function parentTag(rawName: string): string {
  return `name:${normalizeNativeName(rawName, "parentDomain")}`;
}

// Every partner request on a parent reads it first.
const parentByName = prepared((name: string) =>
  sqlBuilder
    .selectFrom("domain")
    .select([
      "id",
      "name",
      "partner_id",
      "subdomains_enabled",
      "subdomain_price_cents",
      "subdomain_count",
      "expires_at",
      "owner_address",
    ])
    .where("name", "=", name),
);

export async function findParentDomain(name: string) {
  const [row] = await parentByName([name]);
  return row;
}

/**
 * A parent domain the calling partner owns. Unknown: 404. Another partner's: 403, since which
 * names exist is public (anyone may resolve them) but their sub-domain data is not.
 */
export async function getParentDomainOfPartner(caller: Caller, rawName: string): Promise<ParentDomainRow> {
  const name = normalizeNativeName(rawName, "parentDomain");
  const parent = await findParentDomain(name);
  if (!parent) throw notFound("parentDomain", `${name} is not registered in the native registry.`);
  if (parent.partner_id !== caller.partnerId)
    throw forbidden(`${name} belongs to another partner; a token sees only its own partner's parent domains.`);
  return parent;
}
