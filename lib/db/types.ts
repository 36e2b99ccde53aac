// What the database layer offers its callers, apart from how it is opened: lib/db/index.ts opens
// it, lib/db/migrate.ts takes it, and neither has to import the other for the type.

import type { PrismaClient } from "@prisma/client";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** Runs one parameterized statement and returns its rows. */
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs one read-only statement of name resolution. On PostgreSQL it has connections of its own
   * (DB_LOOKUP_POOL_SIZE), so a lookup never waits for a connection behind purchases and payments;
   * on PGlite it is `query`.
   */
  lookup<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  /** Runs `work` on one connection (PostgreSQL session state such as advisory locks needs it). */
  withConnection<T>(work: (session: Pick<Database, "query" | "exec">) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel (PostgreSQL and PGlite both support it). `onLost` is called
   * when the listening connection drops (notifications may have been missed); it reconnects.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
