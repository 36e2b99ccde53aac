import "server-only";
import { badRequest } from "@/lib/contract/errors";
import type { Caller } from "@/lib/partners/authenticate";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
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

/** A listing's filters: which conditions its statement has, and the values they compare with. */
interface Where {
  parentId: string;
  /** The label range of the prefix, when one is given. */
  labels?: { from: string; below: string };
  ownerKey?: string;
  /** What the filters are, for binding page tokens to them. */
  key: string;
}

function whereOf(parentId: string, filter: SubdomainFilter): Where {
  const where: Where = { parentId, key: "" };
  const key: string[] = [];
  if (filter.labelPrefix !== undefined && filter.labelPrefix !== "") {
    const prefix = normalizeLabelPrefix(filter.labelPrefix);
    where.labels = { from: prefix, below: prefix + AFTER_EVERY_CHARACTER };
    key.push(`l:${prefix}`);
  }
  if (filter.ownerAddress !== undefined && filter.ownerAddress !== "") {
    if (!isEvmAddress(filter.ownerAddress))
      throw badRequest("ownerAddress", "ownerAddress must be a 0x-prefixed 20-byte hex address.");
    where.ownerKey = filter.ownerAddress.toLowerCase();
    key.push(`o:${where.ownerKey}`);
  }
  where.key = key.join("|");
  return where;
}

/** Which conditions a statement has; its values are the statement's arguments. */
interface Shape {
  labels: boolean;
  owner: boolean;
  after: boolean;
}

type ListingArgs = [parentId: string, from: string, below: string, ownerKey: string, createdAt: string, id: string];

function filtered(shape: Shape, [parentId, from, below, ownerKey]: ListingArgs) {
  return (
    sqlBuilder
      .selectFrom("domain")
      .where("parent_id", "=", parentId)
      // The byte-wise operators of the label's text_pattern_ops index; the builder has no names for them.
      .$if(shape.labels, (rows) => rows.where(sql<boolean>`label ~>=~ ${from} AND label ~<~ ${below}`))
      .$if(shape.owner, (rows) => rows.where("owner_key", "=", ownerKey))
  );
}

function pageOf(shape: Shape, args: ListingArgs, limit: number) {
  const [, , , , createdAt, id] = args;
  return filtered(shape, args)
    .select(["id", "name", "created_at"])
    .$if(shape.after, (rows) => rows.where(sql<boolean>`(created_at, id) < (${createdAt}::timestamptz, ${id}::uuid)`))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
}

const countOf = (shape: Shape, args: ListingArgs) => filtered(shape, args).select(sql<number>`count(*)::int`.as("n"));

// A listing is a partner request: each of the few shapes is compiled once, when first asked for.
// prepared() gives one placeholder per declared parameter, so each is named.
const preparedPage = (shape: Shape) =>
  prepared(
    (parentId: string, from: string, below: string, ownerKey: string, createdAt: string, id: string, limit: number) =>
      pageOf(shape, [parentId, from, below, ownerKey, createdAt, id], limit),
  );
const preparedCount = (shape: Shape) =>
  prepared((parentId: string, from: string, below: string, ownerKey: string, createdAt: string, id: string) =>
    countOf(shape, [parentId, from, below, ownerKey, createdAt, id]),
  );
const pages = new Map<string, ReturnType<typeof preparedPage>>();
const counts = new Map<string, ReturnType<typeof preparedCount>>();

function argsOf(where: Where, after?: { createdAt: string; id: string }): ListingArgs {
  const none = "";
  return [
    where.parentId,
    where.labels?.from ?? none,
    where.labels?.below ?? none,
    where.ownerKey ?? none,
    after?.createdAt ?? none,
    after?.id ?? none,
  ];
}

const shapeOf = (where: Where, after: boolean): Shape => ({
  labels: where.labels !== undefined,
  owner: where.ownerKey !== undefined,
  after,
});
const keyOf = (shape: Shape) => `${+shape.labels}${+shape.owner}${+shape.after}`;

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
  const args = argsOf(where, after);
  const pageShape = shapeOf(where, after !== undefined);
  const countShape = shapeOf(where, false);
  let pageStatement = pages.get(keyOf(pageShape));
  if (!pageStatement) pages.set(keyOf(pageShape), (pageStatement = preparedPage(pageShape)));
  let countStatement = counts.get(keyOf(countShape));
  if (!countStatement) counts.set(keyOf(countShape), (countStatement = preparedCount(countShape)));
  const [rows, total] = await Promise.all([
    pageStatement([...args, page.pageSize + 1]),
    // Unfiltered, the count kept with each insert; filtered, a count of the index range.
    where.key === "" ? parentTotal : countStatement(args).then(([row]) => Number(row?.n ?? 0)),
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
  const shape = shapeOf(where, false);
  const [page, count] = [pageOf(shape, argsOf(where), pageSize + 1).compile(), countOf(shape, argsOf(where)).compile()];
  return {
    page: { sql: page.sql, params: [...page.parameters] },
    count: { sql: count.sql, params: [...count.parameters] },
  };
}
