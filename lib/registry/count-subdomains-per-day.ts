import "server-only";
import type { Caller } from "@/lib/partners/authenticate";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import type { PageRequest } from "./list-subdomains";
import { decodePageToken, encodePageToken } from "./page-token";
import { getParentDomainOfPartner } from "./parent-domain";

export interface SubdomainPerDayPage {
  aggregates: { count: number; date: string }[];
  nextPaginationToken: string;
  total: number;
}

/**
 * Endpoint 5: sub-domains created per UTC day, newest day first, from the counts kept with each
 * insert; days without any are absent. `total` is the number of sub-domains, as in endpoint 4.
 */
export async function countSubdomainsPerDayOfPartner(
  caller: Caller,
  parentDomain: string,
  page: PageRequest,
): Promise<SubdomainPerDayPage> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  return subdomainsPerDayPage(parent.id, parent.subdomain_count, page);
}

const daysOf = (parentId: string) =>
  sqlBuilder
    .selectFrom("subdomain_daily_count")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("date"), "count"])
    .where("parent_id", "=", parentId)
    .orderBy("day", "desc");
// A partner request: the first page and the next ones, each compiled once.
const days = prepared((parentId: string, limit: number) => daysOf(parentId).limit(limit));
const daysBefore = prepared((parentId: string, day: string, limit: number) =>
  daysOf(parentId)
    .where(sql<boolean>`day < ${day}::date`)
    .limit(limit),
);

async function subdomainsPerDayPage(parentId: string, total: number, page: PageRequest): Promise<SubdomainPerDayPage> {
  const after = page.pageToken ? decodePageToken(page.pageToken, { listing: "days", parentId }) : undefined;
  const rows = after
    ? await daysBefore([parentId, after.day, page.pageSize + 1])
    : await days([parentId, page.pageSize + 1]);
  const shown = rows.slice(0, page.pageSize);
  const last = shown[shown.length - 1];
  return {
    aggregates: shown.map((row) => ({ count: Number(row.count), date: row.date })),
    nextPaginationToken:
      rows.length > page.pageSize && last ? encodePageToken({ listing: "days", parentId, day: last.date }) : "",
    total,
  };
}
