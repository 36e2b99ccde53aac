import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { messages } from "@electric-sql/pglite";

// The server's side of the embedded database (lib/db/pglite-host.mjs, its own process): requests
// over the IPC channel, answers matched by id. Everything the database layer needs goes through
// here: the raw query path, Prisma's PGlite adapter (through `prismaClient()`, which looks like the
// PGlite client the adapter was written for), transactions and LISTEN. If the host process dies,
// what was in flight fails like a lost connection (503) and the next request starts a new one on
// the same data directory (an in-memory database, which would come back empty, stays failed).

export interface QueryResult<R> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

interface ErrorFields {
  message: string;
  name?: string;
  code?: string;
  severity?: string;
  [field: string]: string | undefined;
}

type Answer = { id: number; result?: unknown; error?: ErrorFields };
type Notice =
  { op: "notify"; channel: string; payload: string } | { op: "ready" } | { op: "failed"; error: ErrorFields };

/** The host process died or the database was closed: every request fails like a lost connection. */
class EmbeddedDatabaseGone extends Error {
  readonly kind = "ConnectionClosed";
}

const HOST = path.join(process.cwd(), "lib", "db", "pglite-host.mjs");
// PGlite's JavaScript needs little heap; its WebAssembly memory is not part of it. Left to itself
// V8 grows the young generation of this process, which allocates fast and keeps little, to over
// 130 MB under load; 4 MB semi-spaces keep it at 8 MB with no measured loss of speed.
const HOST_NODE_ARGS = ["--max-old-space-size=96", "--max-semi-space-size=4"];
// A host that fails to start is not started again more often than this.
const RESTART_BACKOFF_MS = 1000;

export class EmbeddedDatabase {
  private child: ChildProcess | undefined;
  private starting: Promise<ChildProcess> | undefined;
  private lastFailure = 0;
  private closed = false;
  private lostInMemory: Error | undefined;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly lostHandlers = new Set<() => void>();
  private nextId = 1;

  private constructor(private readonly dataDir: string | undefined) {}

  /** Starts the host on `dataDir` (in memory when absent) and waits until PGlite is ready. */
  static async start(dataDir?: string): Promise<EmbeddedDatabase> {
    const database = new EmbeddedDatabase(dataDir);
    await database.host();
    return database;
  }

  /** One statement; `prisma` selects the value parsers of Prisma's adapter, `tx` an open transaction. */
  query<R>(sql: string, params: unknown[] = [], options: { prisma?: boolean; tx?: number } = {}) {
    return this.request<QueryResult<R>>({ op: "query", sql, params, prisma: options.prisma, tx: options.tx });
  }

  async exec(sql: string, tx?: number): Promise<void> {
    await this.request({ op: "exec", sql, tx });
  }

  /** Opens a transaction once the session is free: its id, for query() and commit()/rollback(). */
  begin(): Promise<number> {
    return this.request<number>({ op: "begin" });
  }

  async commit(tx: number): Promise<void> {
    await this.request({ op: "commit", tx });
  }

  async rollback(tx: number): Promise<void> {
    await this.request({ op: "rollback", tx });
  }

  /**
   * Subscribes to a NOTIFY channel. `onLost` is called when the host process died (notifications
   * may have been missed); the subscription is renewed with the next process.
   */
  async listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void) {
    let callbacks = this.channels.get(channel);
    if (!callbacks) {
      this.channels.set(channel, (callbacks = new Set()));
      await this.request({ op: "listen", channel });
    }
    callbacks.add(onPayload);
    if (onLost) this.lostHandlers.add(onLost);
    return async () => {
      callbacks.delete(onPayload);
      if (onLost) this.lostHandlers.delete(onLost);
      if (callbacks.size === 0 && this.channels.get(channel) === callbacks) {
        this.channels.delete(channel);
        if (!this.closed) await this.request({ op: "unlisten", channel }).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child ?? (await this.starting?.catch(() => undefined));
    if (!child) return;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await this.send(child, { op: "close" }).catch(() => undefined);
    holdOpen(child, true);
    await exited;
  }

  /**
   * Looks like the PGlite client pglite-prisma-adapter drives (query, exec, transaction), so
   * Prisma's adapter runs unchanged with every statement going through the host process.
   */
  prismaClient(): PrismaFacingClient {
    const run = (sql: string, params: unknown[] | undefined, tx?: number) =>
      this.query<unknown[]>(sql, params ?? [], { prisma: true, tx });
    return {
      query: (sql, params) => run(sql, params),
      exec: (sql) => this.exec(sql),
      transaction: async (work) => {
        const tx = await this.begin();
        let ended: Promise<void> | undefined;
        const handle: PrismaFacingTransaction = {
          query: (sql, params) => run(sql, params, tx),
          exec: (sql) => this.exec(sql, tx),
          // The adapter does not wait for its rollback; the transaction waits for it before it returns.
          rollback: () => (ended ??= this.rollback(tx)),
          get closed() {
            return ended !== undefined;
          },
        };
        try {
          const result = await work(handle);
          await (ended ??= this.commit(tx));
          return result;
        } catch (error) {
          await (ended ??= this.rollback(tx)).catch(() => undefined);
          throw error;
        }
      },
    };
  }

  private async request<T = unknown>(message: Record<string, unknown>): Promise<T> {
    const child = this.child ?? (await this.host());
    return this.send<T>(child, message);
  }

  private send<T>(child: ChildProcess, message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) holdOpen(child, true);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...message, id });
    });
  }

  /** The running host process, started when there is none. */
  private host(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new EmbeddedDatabaseGone("The embedded database is closed."));
    if (this.child) return Promise.resolve(this.child);
    // An in-memory database would come back empty: better to fail than to answer from nothing.
    if (this.lostInMemory) return Promise.reject(this.lostInMemory);
    if (Date.now() - this.lastFailure < RESTART_BACKOFF_MS)
      return Promise.reject(new EmbeddedDatabaseGone("The embedded database process is restarting."));
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<ChildProcess> {
    // fork() by another name: Turbopack (next build) resolves fork's first argument as a module
    // and fails on an absolute path (vercel/next.js#97952); spawn with an IPC channel is the same.
    const child = spawn(process.execPath, [...HOST_NODE_ARGS, HOST, ...(this.dataDir ? [this.dataDir] : [])], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (message: Notice) => {
          if (!("op" in message)) return;
          if (message.op === "ready") done();
          else if (message.op === "failed") done(rebuildError(message.error));
        };
        const onExit = (code: number | null, signal: string | null) =>
          done(
            new EmbeddedDatabaseGone(`The embedded database process exited (${signal ?? code}) before it was ready.`),
          );
        const done = (error?: Error) => {
          child.off("message", onMessage);
          child.off("exit", onExit);
          if (error) reject(error);
          else resolve();
        };
        child.on("message", onMessage);
        child.once("exit", onExit);
      });
    } catch (error) {
      this.lastFailure = Date.now();
      child.kill("SIGKILL");
      throw error;
    }
    child.on("message", (message: Answer | Notice) => this.receive(message));
    child.once("exit", (code, signal) => this.lost(child, code, signal));
    holdOpen(child, false);
    this.child = child;
    // A new process after a lost one: renew the subscriptions.
    for (const channel of this.channels.keys()) await this.send(child, { op: "listen", channel });
    return child;
  }

  private receive(message: Answer | Notice): void {
    if ("op" in message) {
      if (message.op === "notify")
        for (const callback of this.channels.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0 && this.child) holdOpen(this.child, false);
    if (message.error) waiting.reject(rebuildError(message.error));
    else waiting.resolve(message.result);
  }

  private lost(child: ChildProcess, code: number | null, signal: string | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    const error = new EmbeddedDatabaseGone(`The embedded database process exited (${signal ?? code}).`);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    if (this.closed) return;
    if (this.dataDir) console.error(`[db] ${error.message} It is started again on the next request.`);
    else this.lostInMemory = error;
    for (const onLost of this.lostHandlers) onLost();
  }
}

/**
 * An idle database keeps no command alive; a request in flight does, until its answer, or the
 * process's exit, arrives.
 */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

export interface PrismaFacingTransaction {
  query(sql: string, params?: unknown[]): Promise<QueryResult<unknown[]>>;
  exec(sql: string): Promise<void>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PrismaFacingClient {
  query(sql: string, params?: unknown[]): Promise<QueryResult<unknown[]>>;
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: PrismaFacingTransaction) => Promise<T>): Promise<T>;
}

/** PostgreSQL's errors come back as PGlite's own DatabaseError (what the adapter and lib/api/errors.ts read). */
function rebuildError(fields: ErrorFields): Error {
  const error =
    fields.severity === undefined ? new Error(fields.message) : new messages.DatabaseError(fields.message, 0, "error");
  for (const [key, value] of Object.entries(fields))
    if (key !== "message" && key !== "name" && value !== undefined) Object.assign(error, { [key]: value });
  return error;
}
