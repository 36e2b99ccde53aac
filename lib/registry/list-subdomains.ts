import "server-only";
import { badRequest } from "@/lib/contract/errors";
import type { Caller } from "@/lib/partners/authenticate";
import { database } from "@/lib/db";
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
  sql: string;
  params: unknown[];
  /** What the filters are, for binding page tokens to them. */
  key: string;
}

function whereOf(parentId: string, filter: SubdomainFilter): Where {
  const conditions = ["parent_id = $1"];
  const params: unknown[] = [parentId];
  const key: string[] = [];
  if (filter.labelPrefix !== undefined && filter.labelPrefix !== "") {
    const prefix = normalizeLabelPrefix(filter.labelPrefix);
    params.push(prefix, prefix + AFTER_EVERY_CHARACTER);
    conditions.push(`label ~>=~ $${params.length - 1} AND label ~<~ $${params.length}`);
    key.push(`l:${prefix}`);
  }
  if (filter.ownerAddress !== undefined && filter.ownerAddress !== "") {
    if (!isEvmAddress(filter.ownerAddress))
      throw badRequest("ownerAddress", "ownerAddress must be a 0x-prefixed 20-byte hex address.");
    params.push(filter.ownerAddress.toLowerCase());
    conditions.push(`owner_key = $${params.length}`);
    key.push(`o:${filter.ownerAddress.toLowerCase()}`);
  }
  return { sql: conditions.join(" AND "), params, key: key.join("|") };
}

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
  const params = [...where.params];
  let keyset = "";
  if (after) {
    params.push(after.createdAt, after.id);
    keyset = ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
  }
  params.push(page.pageSize + 1);
  const [rows, total] = await Promise.all([
    database().query<{ id: string; name: string; created_at: Date }>(
      `SELECT id, name, created_at FROM "domain" WHERE ${where.sql}${keyset}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    ),
    // Unfiltered, the count kept with each insert; filtered, a count of the index range.
    where.key === ""
      ? parentTotal
      : database()
          .query<{ n: number }>(`SELECT count(*)::int AS n FROM "domain" WHERE ${where.sql}`, where.params)
          .then(([row]) => Number(row?.n ?? 0)),
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
  return {
    page: {
      sql:
        `SELECT id, name, created_at FROM "domain" WHERE ${where.sql} ` +
        `ORDER BY created_at DESC, id DESC LIMIT ${pageSize + 1}`,
      params: where.params,
    },
    count: { sql: `SELECT count(*)::int AS n FROM "domain" WHERE ${where.sql}`, params: where.params },
  };
}
