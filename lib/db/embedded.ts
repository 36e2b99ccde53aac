import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { messages } from "@electric-sql/pglite";
import { logger } from "@/lib/log";

// The server's side of the embedded database (lib/db/pglite-host.mjs, a worker thread of its own):
// requests over the worker's message channel, answers matched by id. Everything the database
// layer needs goes through here: the raw query path, Prisma's PGlite adapter (through
// `prismaClient()`, which looks like the PGlite client the adapter was written for), transactions
// and LISTEN. If the host thread stops, what was in flight fails like a lost connection (503) and
// the next request starts a new one on the same data directory (an in-memory database, which would
// come back empty, stays failed).

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

/** The host thread stopped or the database was closed: every request fails like a lost connection. */
class EmbeddedDatabaseGone extends Error {
  readonly kind = "ConnectionClosed";
}

const HOST = path.join(process.cwd(), "lib", "db", "pglite-host.mjs");
// PGlite's JavaScript needs little heap; its WebAssembly memory is not part of it. Left to itself
// V8 grows the young generation of this thread, which allocates fast and keeps little, to over
// 130 MB under load; 6 MB keeps it small with no measured loss of speed.
const HOST_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 6 };
// A host that fails to start is not started again more often than this.
const RESTART_BACKOFF_MS = 1000;

export class EmbeddedDatabase {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
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
   * Subscribes to a NOTIFY channel. `onLost` is called when the host thread stopped
   * (notifications may have been missed); the subscription is renewed with the next one.
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
    const worker = this.worker ?? (await this.starting?.catch(() => undefined));
    if (!worker) return;
    if (worker.threadId === -1) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await this.send(worker, { op: "close" }).catch(() => undefined);
    holdOpen(worker, true);
    await exited;
  }

  /**
   * Looks like the PGlite client pglite-prisma-adapter drives (query, exec, transaction), so
   * Prisma's adapter runs unchanged with every statement going through the host thread.
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
    const worker = this.worker ?? (await this.host());
    return this.send<T>(worker, message);
  }

  private send<T>(worker: Worker, message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) holdOpen(worker, true);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** The running host thread, started when there is none. */
  private host(): Promise<Worker> {
    if (this.closed) return Promise.reject(new EmbeddedDatabaseGone("The embedded database is closed."));
    if (this.worker) return Promise.resolve(this.worker);
    // An in-memory database would come back empty: better to fail than to answer from nothing.
    if (this.lostInMemory) return Promise.reject(this.lostInMemory);
    if (Date.now() - this.lastFailure < RESTART_BACKOFF_MS)
      return Promise.reject(new EmbeddedDatabaseGone("The embedded database is restarting."));
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<Worker> {
    // A thread of this process, not a process of its own: the two processes each carried Node's
    // binary and runtime, about 50 MB more through the soak. No Node flags (execArgv): the host
    // is plain JavaScript and needs no TypeScript loader. Turbopack (next build) bundles the file
    // of a `new Worker` from node:worker_threads as an entry of its own, whatever its ignore
    // comments, and its copy fails on import.meta.resolve; taken at run time, the constructor is
    // not one it recognizes, and the host stays the file on disk.
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const worker = new Worker(HOST, {
      workerData: { dataDir: this.dataDir },
      execArgv: [],
      resourceLimits: HOST_LIMITS,
    });
    worker.on("error", (error) => logger("db").error(`the embedded database failed: ${error.stack ?? error.message}`));
    try {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (message: Notice) => {
          if (!("op" in message)) return;
          if (message.op === "ready") done();
          else if (message.op === "failed") done(rebuildError(message.error));
        };
        const onExit = (code: number) =>
          done(
            new EmbeddedDatabaseGone(`The embedded database's thread stopped (exit code ${code}) before it was ready.`),
          );
        const done = (error?: Error) => {
          worker.off("message", onMessage);
          worker.off("exit", onExit);
          if (error) reject(error);
          else resolve();
        };
        worker.on("message", onMessage);
        worker.once("exit", onExit);
      });
    } catch (error) {
      this.lastFailure = Date.now();
      void worker.terminate();
      throw error;
    }
    worker.on("message", (message: Answer | Notice) => this.receive(message));
    worker.once("exit", (code) => this.lost(worker, code));
    holdOpen(worker, false);
    this.worker = worker;
    // A new thread after a lost one: renew the subscriptions.
    for (const channel of this.channels.keys()) await this.send(worker, { op: "listen", channel });
    return worker;
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
    if (this.pending.size === 0 && this.worker) holdOpen(this.worker, false);
    if (message.error) waiting.reject(rebuildError(message.error));
    else waiting.resolve(message.result);
  }

  private lost(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const error = new EmbeddedDatabaseGone(`The embedded database's thread stopped (exit code ${code}).`);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    if (this.closed) return;
    if (this.dataDir) logger("db").error(`${error.message} It is started again on the next request.`);
    else this.lostInMemory = error;
    for (const onLost of this.lostHandlers) onLost();
  }
}

/**
 * An idle database keeps no command alive; a request in flight does, until its answer, or the
 * thread's exit, arrives.
 */
function holdOpen(worker: Worker, hold: boolean): void {
  if (hold) worker.ref();
  else worker.unref();
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

/** PostgreSQL's errors come back as PGlite's own DatabaseError (what the adapter and lib/contract/errors.ts read). */
function rebuildError(fields: ErrorFields): Error {
  const error =
    fields.severity === undefined ? new Error(fields.message) : new messages.DatabaseError(fields.message, 0, "error");
  for (const [key, value] of Object.entries(fields))
    if (key !== "message" && key !== "name" && value !== undefined) Object.assign(error, { [key]: value });
  return error;
}
