import "server-only";
import type { Caller } from "@/lib/partners/authenticate";
import { database } from "@/lib/db";
import { listTimestamp } from "./format";
import { decodePageToken, encodePageToken } from "./page-token";
import { getParentDomainOfPartner } from "./parent-domain";

export interface PageRequest {
  pageSize: number;
  pageToken?: string;
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
): Promise<SubdomainListPage> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  return listSubdomainsPage(parent.id, parent.subdomain_count, page);
}

async function listSubdomainsPage(parentId: string, total: number, page: PageRequest): Promise<SubdomainListPage> {
  const after = page.pageToken ? decodePageToken(page.pageToken, { listing: "names", parentId }) : undefined;
  const rows = after
    ? await database().query<{ id: string; name: string; created_at: Date }>(
        `SELECT id, name, created_at FROM "domain"
          WHERE parent_id = $1 AND (created_at, id) < ($2::timestamptz, $3::uuid)
          ORDER BY created_at DESC, id DESC LIMIT $4`,
        [parentId, after.createdAt, after.id, page.pageSize + 1],
      )
    : await database().query<{ id: string; name: string; created_at: Date }>(
        `SELECT id, name, created_at FROM "domain" WHERE parent_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [parentId, page.pageSize + 1],
      );
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
          })
        : "",
    total,
  };
}
