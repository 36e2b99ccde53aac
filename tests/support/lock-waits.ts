// Tests that two PostgreSQL sessions meet on a lock: a transaction held open after its work, and
// the point at which another session waits for it.
import type { Prisma } from "@prisma/client";
import { db } from "@/lib/db";

/**
 * Runs `work` in a transaction and keeps the transaction open, with the locks its work took, until
 * `release` is called: `holding` resolves once the work is done, `done` once the transaction ended.
 */
export function holdOpenTransaction(work: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = db().$transaction(
    async (tx) => {
      await work(tx);
      held();
      await released;
    },
    { timeout: 20_000 },
  );
  return { holding, release, done };
}

/**
 * Resolves once a session of the test database waits for a lock, in a statement whose text holds
 * `statementText` when it is given (so another suite's wait does not count); throws `neverWaited`
 * after 10 s.
 */
export async function untilLockWait(neverWaited: string, statementText?: string): Promise<void> {
  const pattern = statementText === undefined ? null : `%${statementText}%`;
  for (let waited = 0; ; waited += 20) {
    const [{ waiting }] = await db().$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'
         AND (${pattern}::text IS NULL OR query LIKE ${pattern}::text)`;
    if (waiting > 0) return;
    if (waited > 10_000) throw new Error(neverWaited);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
