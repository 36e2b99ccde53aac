import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import type { z } from "zod";
import type { AuditEntry, AuditList, AuditQuery } from "@/lib/contract/schemas/operator";
import { db } from "@/lib/db";
import type { OperatorClaims } from "./operator-token";

// What the operator did by hand: who (the operator token's subject and id), when, why (the reason
// the operator gave), what and to which target. Written in the transaction of the change itself, so
// no change is made without its row; the table refuses UPDATE and DELETE (its migration's trigger).

type Entry = z.infer<typeof AuditEntry>;

export interface AuditInput {
  operator: OperatorClaims;
  action: string;
  target: string;
  reason: string;
  detail?: Record<string, unknown>;
}

export async function recordAudit(tx: Prisma.TransactionClient, input: AuditInput): Promise<Entry> {
  const row = await tx.operatorAudit.create({
    data: {
      id: randomUUID(),
      operator: input.operator.name ? `${input.operator.sub}:${input.operator.name}` : input.operator.sub,
      tokenId: input.operator.jti,
      action: input.action,
      target: input.target,
      reason: input.reason,
      detail: (input.detail ?? {}) as Prisma.InputJsonObject,
    },
  });
  return entryOf(row);
}

function entryOf(row: Prisma.OperatorAuditGetPayload<object>): Entry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operator: row.operator,
    tokenId: row.tokenId,
    action: row.action,
    target: row.target,
    reason: row.reason,
    detail: row.detail as Record<string, unknown>,
  };
}

/** Newest first; `after` is the last id of the previous page. */
export async function listAudit(query: z.infer<typeof AuditQuery>): Promise<z.infer<typeof AuditList>> {
  const cursor = query.after ? await db().operatorAudit.findUnique({ where: { id: query.after } }) : null;
  const rows = await db().operatorAudit.findMany({
    where: {
      ...(query.target && { target: query.target }),
      ...(cursor && {
        OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }],
      }),
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  return {
    entries: page.map(entryOf),
    nextAfter: rows.length > query.pageSize ? page[page.length - 1]!.id : "",
  };
}
