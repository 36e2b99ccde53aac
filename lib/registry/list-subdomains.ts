import "server-only";
import { badRequest } from "@/lib/contract/errors";
import type { Caller } from "@/lib/partners/authenticate";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import { isEvmAddress } from "@/lib/names/coins";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import { listTimestamp } from "./format";
import { decodePageToken, encodePageToken } from "./page-token";
import { getParentDomainOfPartner } from "./parent-domain";

export interface PageRequest {
  pageSize: number;
  pageToken?: string;
}

/** Endpoint 4's filters (ours): both may be given, and `total` counts what they admit. */
export interface SubdomainFilter {
  labelPrefix?: string;
  ownerAddress?: string;
}

export interface SubdomainListPage {
  names: { createdTimestamp: string; name: string }[];
  nextPaginationToken: string;
  total: number;
}

/**
 * Endpoint 4: the parent's sub-domains, newest first. Keyset on (created_at, id) descending,
 * served by the (parent_id, created_at DESC, id DESC) index, so a page costs the same at any depth.
 */
export async function listSubdomainsOfPartner(
  caller: Caller,
  parentDomain: string,
  page: PageRequest,
  filter: SubdomainFilter = {},
): Promise<SubdomainListPage> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  return listSubdomainsPage(parent.id, parent.subdomain_count, page, filter);
}

// Labels compare byte-wise here (text_pattern_ops): every label starting with the prefix lies in
// [prefix, prefix + U+10FFFF), since no normalized label holds that non-character.
const AFTER_EVERY_CHARACTER = "\u{10FFFF}";

/** The prefix as labels are stored (ENSIP-15 where it normalizes on its own, else lower case). */
export function normalizeLabelPrefix(raw: string): string {
  if (raw.includes(".")) throw badRequest("labelPrefix", "labelPrefix is the start of one label, without dots.");
  try {
    return normalizeWeb3Name(raw);
  } catch (error) {
    if (error instanceof InvalidNameError) return raw.normalize("NFC").toLowerCase();
    throw error;
  }
}

interface Where {
  /** The rows the filters admit: the parent's sub-domains, narrowed. */
  rows: ReturnType<typeof subdomainsOf>;
  /** What the filters are, for binding page tokens to them. */
  key: string;
}

const subdomainsOf = (parentId: string) => sqlBuilder.selectFrom("domain").where("parent_id", "=", parentId);

function whereOf(parentId: string, filter: SubdomainFilter): Where {
  let rows = subdomainsOf(parentId);
  const key: string[] = [];
  if (filter.labelPrefix !== undefined && filter.labelPrefix !== "") {
    const prefix = normalizeLabelPrefix(filter.labelPrefix);
    // The byte-wise operators of the label's text_pattern_ops index; the builder has no names for them.
    rows = rows.where(sql<boolean>`label ~>=~ ${prefix} AND label ~<~ ${prefix + AFTER_EVERY_CHARACTER}`);
    key.push(`l:${prefix}`);
  }
  if (filter.ownerAddress !== undefined && filter.ownerAddress !== "") {
    if (!isEvmAddress(filter.ownerAddress))
      throw badRequest("ownerAddress", "ownerAddress must be a 0x-prefixed 20-byte hex address.");
    rows = rows.where("owner_key", "=", filter.ownerAddress.toLowerCase());
    key.push(`o:${filter.ownerAddress.toLowerCase()}`);
  }
  return { rows, key: key.join("|") };
}

function pageOf(where: Where, pageSize: number, after?: { createdAt: string; id: string }) {
  return where.rows
    .select(["id", "name", "created_at"])
    .$if(after !== undefined, (rows) =>
      rows.where(sql<boolean>`(created_at, id) < (${after?.createdAt}::timestamptz, ${after?.id}::uuid)`),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1);
}

const countOf = (where: Where) => where.rows.select(sql<number>`count(*)::int`.as("n"));

async function listSubdomainsPage(
  parentId: string,
  parentTotal: number,
  page: PageRequest,
  filter: SubdomainFilter,
): Promise<SubdomainListPage> {
  const where = whereOf(parentId, filter);
  const after = page.pageToken
    ? decodePageToken(page.pageToken, { listing: "names", parentId, filter: where.key })
    : undefined;
  const [rows, total] = await Promise.all([
    run(pageOf(where, page.pageSize, after)),
    // Unfiltered, the count kept with each insert; filtered, a count of the index range.
    where.key === "" ? parentTotal : first(countOf(where)).then((row) => Number(row?.n ?? 0)),
  ]);
  const shown = rows.slice(0, page.pageSize);
  const last = shown[shown.length - 1];
  return {
    names: shown.map((row) => ({ createdTimestamp: listTimestamp(new Date(row.created_at)), name: row.name })),
    nextPaginationToken:
      rows.length > page.pageSize && last
        ? encodePageToken({
            listing: "names",
            parentId,
            createdAt: new Date(last.created_at).toISOString(),
            id: last.id,
            filter: where.key,
          })
        : "",
    total,
  };
}

/** The SQL and parameters of a filtered page, for tests that read its plan. */
export function listingQueryForPlan(parentId: string, filter: SubdomainFilter, pageSize = 100) {
  const where = whereOf(parentId, filter);
  const [page, count] = [pageOf(where, pageSize).compile(), countOf(where).compile()];
  return {
    page: { sql: page.sql, params: [...page.parameters] },
    count: { sql: count.sql, params: [...count.parameters] },
  };
}
