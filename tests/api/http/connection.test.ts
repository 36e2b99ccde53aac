import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { parseResponse } from "@/tests/security/support/raw-http";

// Keep-alive connections as API clients use them: several requests on one socket, answered in
// order, and a connection closed after an answer that left a request body unread.

let app: TestApp;
let token: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "connections-"));
  app = await startTestApp({ DATA_DIR: dataDir });
  await seedDemoData();
  token = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
});
afterAll(() => app.close());

/**
 * One keep-alive connection to the app: requests written as raw bytes, whole responses taken in
 * order, and the moment the server closes the connection.
 */
function openConnection() {
  const { hostname, port } = new URL(app.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = "";
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((resume) => resume());
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
    wake();
  });
  socket.on("close", wake);
  socket.on("error", () => undefined);

  /**
   * The first whole response in `received`, removed from it, or undefined; a chunked body (as
   * `next start` sends) is given decoded after the head.
   */
  function takeResponse(): string | undefined {
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd === -1) return undefined;
    const head = received.slice(0, headEnd);
    let end: number;
    if (/transfer-encoding: chunked/i.test(head)) {
      // Our JSON bodies hold no CRLF, so the last chunk's marker cannot appear inside one.
      const last = received.indexOf("\r\n0\r\n\r\n", headEnd + 2);
      if (last === -1) return undefined;
      end = last + 7;
    } else {
      end = headEnd + 4 + Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end) return undefined;
    }
    const parsed = parseResponse(Buffer.from(received.slice(0, end), "latin1"));
    received = received.slice(end);
    return `${head}\r\n\r\n${parsed?.body ?? ""}`;
  }

  return {
    write: (bytes: string) => socket.write(bytes),
    /** The next whole response; fails if the connection closes first. */
    async response(): Promise<string> {
      for (;;) {
        const response = takeResponse();
        if (response !== undefined) return response;
        if (socket.destroyed || socket.readableEnded) throw new Error("the connection closed before a whole response");
        await new Promise<void>((resume) => waiting.push(resume));
      }
    },
    closed,
    isClosed: () => socket.destroyed || socket.readableEnded,
    destroy: () => socket.destroy(),
  };
}

const host = () => new URL(app.baseUrl).host;

test(
  "reads answered from the cache keep the connection open: " + "three pipelined requests, three answers, then a fourth",
  async () => {
    const get = `GET /v1/resolve/alice.web3 HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    const connection = openConnection();
    try {
      connection.write(get + get + get);
      for (let i = 0; i < 3; i++) {
        const response = await connection.response();
        expect(response).toMatch(/^HTTP\/1\.1 200 /);
        expect(response).not.toMatch(/connection: close/i);
        expect(response).toContain('"domain":"alice.web3"');
      }
      // The connection is still usable: a request written after the three answers is answered on it.
      connection.write(get);
      expect(await connection.response()).toMatch(/^HTTP\/1\.1 200 /);
      expect(connection.isClosed()).toBe(false);
    } finally {
      connection.destroy();
    }
  },
);

test("a body refused before it all arrived closes the connection, so no later request is lost in it", async () => {
  const head =
    `POST /v1/resolve HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ` +
    "application/json\r\nContent-Length: 200000\r\n\r\n";
  const connection = openConnection();
  try {
    connection.write(head + "[".repeat(1000));
    const response = await connection.response();
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toMatch(/connection: close/i);
    // The server ends the connection itself; the test's own timeout bounds the wait.
    await connection.closed;
    expect(connection.isClosed()).toBe(true);
  } finally {
    connection.destroy();
  }
});
