import "server-only";
import type { Prisma } from "@prisma/client";
import { db } from "@/lib/db";

// The marketplace's interactive transactions wait longer for a connection than Prisma's default
// (2 s): on the embedded database every transaction queues for its one connection, and under a
// burst of purchases a short wait would turn a slow answer into a failure.
const OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

export function inTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db().$transaction(work, OPTIONS);
}
