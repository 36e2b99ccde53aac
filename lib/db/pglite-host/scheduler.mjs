// @ts-check
// The order in which the embedded database's one session runs what the server asks, for the host
// (lib/db/pglite-host.mjs). PGlite runs one statement at a time on one session, so this decides:
// statements outside transactions ("reads", though single writes come this way too) go before
// transactions waiting to start, a bounded number at a time so a stream of reads cannot starve
// them; a transaction, once started, has the session until it commits or rolls back. A read never
// runs inside another caller's open transaction, so it never sees uncommitted rows.

import { errorFields } from "./wire.mjs";

/** @typedef {import("./wire.mjs").ErrorFields} ErrorFields */
/** @typedef {Pick<import("./wire.mjs").Session, "run" | "script" | "settle">} SessionLike */
/**
 * What the server sends (lib/db/embedded.ts), each with the id its answer carries. `tx` names an
 * open transaction; without it the statement is a read.
 * @typedef {{ id: number } & (
 *   | { op: "query"; sql: string; params?: unknown[]; prisma?: boolean; tx?: number }
 *   | { op: "exec"; sql: string; tx?: number }
 *   | { op: "begin" }
 *   | { op: "commit" | "rollback"; tx: number }
 *   | { op: "listen" | "unlisten"; channel: string }
 * )} Request
 */
/** @typedef {{ id: number; result: unknown } | { id: number; error: ErrorFields }} Reply */

// Reads admitted ahead of a waiting transaction before it gets its turn.
export const READS_PER_TURN = 64;

/** @param {string} channel */
const quoted = (channel) => `"${channel.replace(/"/g, '""')}"`;

export class Scheduler {
  /**
   * Statements and scripts outside transactions, in arrival order.
   * @type {{ id: number; work: () => Promise<unknown> }[]}
   */
  #reads = [];
  /** Requests to open a transaction. @type {{ id: number }[]} */
  #begins = [];
  #busy = false;
  #readsThisTurn = 0;
  /** The open transaction's id; it holds the session (`busy`) until it ends. @type {number | undefined} */
  #open;
  #nextTransactionId = 1;
  #closing = false;
  #session;
  #reply;

  /**
   * @param {SessionLike} session
   * @param {(reply: Reply) => void} reply
   */
  constructor(session, reply) {
    this.#session = session;
    this.#reply = reply;
  }

  /** @param {Request} request */
  receive(request) {
    const { id } = request;
    switch (request.op) {
      case "query":
      case "exec": {
        const work =
          request.op === "query"
            ? () => this.#session.run(request.sql, request.params, request.prisma)
            : async () => void (await this.#session.script(request.sql));
        if (request.tx === undefined) {
          this.#reads.push({ id, work });
          return this.#schedule();
        }
        if (this.#isOpen(id, request.tx)) void this.#answer(id, work);
        return;
      }
      case "begin":
        this.#begins.push({ id });
        return this.#schedule();
      case "commit":
      case "rollback": {
        if (!this.#isOpen(id, request.tx)) return;
        const statement = request.op === "commit" ? "COMMIT" : "ROLLBACK";
        // A COMMIT of a failed transaction rolls it back, as PostgreSQL does.
        void this.#answer(id, async () => {
          try {
            await this.#session.script(statement);
            return null;
          } finally {
            await this.#session.settle().catch(() => undefined);
            this.#end();
          }
        });
        return;
      }
      case "listen":
      case "unlisten": {
        const statement = `${request.op === "listen" ? "LISTEN" : "UNLISTEN"} ${quoted(request.channel)}`;
        this.#reads.push({ id, work: () => this.#session.script(statement) });
        return this.#schedule();
      }
    }
  }

  /**
   * Takes no more work: what waits fails, and this resolves once no read runs (an open transaction
   * is left as it is: closing the database ends it).
   */
  async stop() {
    this.#closing = true;
    for (const pending of [...this.#reads, ...this.#begins])
      this.#reply({ id: pending.id, error: { message: "The database is closing." } });
    this.#reads.length = 0;
    this.#begins.length = 0;
    while (this.#busy && this.#open === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  #schedule() {
    if (this.#busy || this.#closing) return;
    const readTurn = this.#reads.length > 0 && (this.#begins.length === 0 || this.#readsThisTurn < READS_PER_TURN);
    const read = readTurn ? this.#reads.shift() : undefined;
    if (read) {
      this.#readsThisTurn++;
      this.#busy = true;
      void this.#answer(read.id, async () => {
        try {
          return await read.work();
        } finally {
          await this.#session.settle();
        }
      }).finally(() => {
        this.#busy = false;
        this.#schedule();
      });
      return;
    }
    const request = this.#begins.shift();
    if (request) {
      this.#readsThisTurn = 0;
      this.#busy = true;
      const id = this.#nextTransactionId++;
      this.#session.script("BEGIN").then(
        () => {
          this.#open = id;
          this.#reply({ id: request.id, result: id });
        },
        (error) => {
          this.#reply({ id: request.id, error: errorFields(error) });
          this.#end();
        },
      );
    }
  }

  #end() {
    this.#open = undefined;
    this.#busy = false;
    this.#schedule();
  }

  /**
   * @param {number} id
   * @param {number} transactionId
   */
  #isOpen(id, transactionId) {
    if (this.#open !== undefined && this.#open === transactionId) return true;
    this.#reply({ id, error: { message: `Transaction ${transactionId} is not open.` } });
    return false;
  }

  /**
   * @param {number} id
   * @param {() => Promise<unknown>} work
   */
  async #answer(id, work) {
    try {
      this.#reply({ id, result: await work() });
    } catch (error) {
      this.#reply({ id, error: errorFields(error) });
    }
  }
}
