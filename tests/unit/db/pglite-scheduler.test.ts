// The order in which the embedded database's host runs what the server asks on PGlite's one
// session (lib/db/pglite-host/scheduler.mjs), against a session that only records what it is given.
// tests/unit/db/embedded.test.ts checks the same rules through a real host; these check the bound
// on reads ahead of a waiting transaction, and what is refused, without timing.
import { describe, expect, test, vi } from "vitest";
import { READS_PER_TURN, type Reply, type Request, Scheduler } from "@/lib/db/pglite-host/scheduler.mjs";

function harness() {
  const ran: string[] = [];
  const replies: Reply[] = [];
  const session = {
    status: "I",
    async run(sql: string) {
      ran.push(sql);
      await new Promise((resolve) => setImmediate(resolve));
      return { rows: [], fields: [], affectedRows: 0 };
    },
    async script(sql: string) {
      ran.push(sql);
      await new Promise((resolve) => setImmediate(resolve));
      if (sql === "FAIL") throw Object.assign(new Error("boom"), { code: "XX000", severity: "ERROR" });
    },
    async settle() {},
  };
  const onReply = new Set<(reply: Reply) => void>();
  const scheduler = new Scheduler(session, (reply: Reply) => {
    replies.push(reply);
    for (const listener of onReply) listener(reply);
  });
  const send = (request: Request) => scheduler.receive(request);
  const replyTo = (id: number) => replies.find((reply) => reply.id === id);
  return { ran, replies, scheduler, send, replyTo, onReply };
}

describe("the embedded database's scheduler", () => {
  test(`a waiting transaction starts after at most ${READS_PER_TURN} reads, however many wait`, async () => {
    const { ran, send, replyTo, onReply } = harness();
    send({ id: 1, op: "begin" });
    await vi.waitFor(() => expect(replyTo(1)).toEqual({ id: 1, result: 1 }));
    send({ id: 2, op: "begin" });
    for (let n = 0; n < 100; n++) send({ id: 100 + n, op: "query", sql: `read ${n}` });
    // The second transaction commits as soon as it is open.
    onReply.add((reply) => {
      if (reply.id === 2 && "result" in reply) send({ id: 4, op: "commit", tx: reply.result as number });
    });
    send({ id: 3, op: "commit", tx: 1 });
    await vi.waitFor(() => expect(ran).toHaveLength(104));
    const reads = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `read ${from + i}`);
    expect(ran).toEqual([
      "BEGIN",
      "COMMIT",
      ...reads(0, READS_PER_TURN),
      "BEGIN",
      "COMMIT",
      ...reads(READS_PER_TURN, 100),
    ]);
    expect(replyTo(2)).toEqual({ id: 2, result: 2 });
    expect(replyTo(4)).toEqual({ id: 4, result: null });
  });

  test("a statement for a transaction that is not open is refused and never runs", async () => {
    const { ran, send, replyTo } = harness();
    send({ id: 1, op: "query", sql: "UPDATE anything", tx: 7 });
    send({ id: 2, op: "commit", tx: 7 });
    expect(replyTo(1)).toEqual({ id: 1, error: { message: "Transaction 7 is not open." } });
    expect(replyTo(2)).toEqual({ id: 2, error: { message: "Transaction 7 is not open." } });
    expect(ran).toEqual([]);
  });

  test("PostgreSQL's error reaches the caller with its fields, and the next request still runs", async () => {
    const { ran, send, replyTo } = harness();
    send({ id: 1, op: "exec", sql: "FAIL" });
    send({ id: 2, op: "query", sql: "SELECT 1" });
    await vi.waitFor(() => expect(replyTo(2)).toEqual({ id: 2, result: { rows: [], fields: [], affectedRows: 0 } }));
    expect(replyTo(1)).toEqual({ id: 1, error: { message: "boom", code: "XX000", severity: "ERROR" } });
    expect(ran).toEqual(["FAIL", "SELECT 1"]);
  });

  test("stopping fails what waits and leaves the open transaction to the close", async () => {
    const { ran, send, replyTo, scheduler } = harness();
    send({ id: 1, op: "begin" });
    await vi.waitFor(() => expect(replyTo(1)).toEqual({ id: 1, result: 1 }));
    send({ id: 2, op: "query", sql: "read" });
    send({ id: 3, op: "begin" });
    await scheduler.stop();
    expect(replyTo(2)).toEqual({ id: 2, error: { message: "The database is closing." } });
    expect(replyTo(3)).toEqual({ id: 3, error: { message: "The database is closing." } });
    expect(ran).toEqual(["BEGIN"]);
  });
});
