import "server-only";
import { run, sqlBuilder, type PrismaConnection } from "@/lib/db/sql";

/**
 * Holds the partner's row until `tx` ends, so that two writes counting the partner's rows against a
 * bound (its webhook endpoints here; its access tokens take the same lock inside one statement,
 * create_access_token) run one after the other and each counts the other's. The lock is FOR NO KEY
 * UPDATE, not FOR UPDATE: it excludes another holder but not the foreign-key checks of rows written
 * meanwhile that name the partner (an order takes KEY SHARE on it), so a purchase does not wait for
 * a token to be made. With FOR UPDATE, in PostgreSQL soaks (SOAK_SECONDS=15), a crypto purchase's
 * one statement writing its order took 105 to 135 ms at the median, behind token creations; 11 ms
 * with this lock.
 */
export async function lockPartnerRow(partnerId: string, tx: PrismaConnection): Promise<void> {
  await run(sqlBuilder.selectFrom("partner").select("id").where("id", "=", partnerId).forNoKeyUpdate(), tx);
}
