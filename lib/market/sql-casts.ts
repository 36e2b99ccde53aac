import { sql } from "@/lib/db/sql";

// Parameters cast as the raw statements these replace cast them: a value bound inside a Prisma
// transaction may arrive typed as text, which PostgreSQL will not compare with a uuid column.

/** A parameter read as a uuid. */
export const uuid = (value: string) => sql<string>`${value}::uuid`;

/** A parameter read as a timestamptz. */
export const timestamptz = (value: Date | null) => sql<Date>`${value}::timestamptz`;
