// Tests that two PostgreSQL sessions meet on a lock: the point at which one of them waits.
import { db } from "@/lib/db";

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
