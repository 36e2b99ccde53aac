import "server-only";
import type { RefundStatus } from "@prisma/client";
import type { RefundView } from "./refunds";
import { db } from "@/lib/db";
import { decodePageToken, encodePageToken } from "@/lib/registry/page-token";
import { viewOf, withDomain } from "./refunds";

// The refund lists (GET /v1/partner/refunds for a partner's sales, `npm run partner -- refunds` for
// every sale), newest first, in keyset pages like endpoints 4 and 5: the token carries the last
// row's (createdAt, id), signed and bound to the partner and the status filter it was issued for.

export interface RefundPage {
  refunds: RefundView[];
  /** Empty on the last page. */
  nextPaginationToken: string;
}

export async function listRefundsPage(filter: {
  partnerId?: string;
  status?: RefundStatus;
  pageSize: number;
  pageToken?: string;
}): Promise<RefundPage> {
  const scope = `refunds:${filter.partnerId ?? "*"}:${filter.status ?? "*"}`;
  const after = filter.pageToken ? decodePageToken(filter.pageToken, { listing: "refunds", parentId: scope }) : null;
  const rows = await db().refund.findMany({
    where: {
      ...(filter.partnerId !== undefined && { partnerId: filter.partnerId }),
      ...(filter.status && { status: filter.status }),
      ...(after && {
        OR: [
          { createdAt: { lt: new Date(after.createdAt) } },
          { createdAt: new Date(after.createdAt), id: { lt: after.id } },
        ],
      }),
    },
    include: withDomain,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.pageSize + 1,
  });
  const shown = rows.slice(0, filter.pageSize);
  const last = shown[shown.length - 1];
  return {
    refunds: shown.map(viewOf),
    nextPaginationToken:
      rows.length > filter.pageSize && last
        ? encodePageToken({ listing: "refunds", parentId: scope, createdAt: last.createdAt.toISOString(), id: last.id })
        : "",
  };
}
