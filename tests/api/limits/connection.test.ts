import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";

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

/** Writes `request` on a fresh socket and collects everything the server sends until it has `count` responses or closes. */
function exchange(request: string, count: number): Promise<{ responses: string[]; closed: boolean }> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    let closed = false;
    const responses = () => received.split(/(?=HTTP\/1\.1 )/).filter(Boolean);
    const done = () => {
      socket.destroy();
      resolve({ responses: responses(), closed });
    };
    const timer = setTimeout(done, 3000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      // A response is whole once its declared body arrived.
      const all = responses();
      const whole = all.filter((text) => {
        const [head, body = ""] = text.split("\r\n\r\n");
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        return Buffer.byteLength(body, "latin1") >= length;
      });
      if (whole.length >= count) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on("end", () => {
      closed = true;
      clearTimeout(timer);
      done();
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

const host = () => new URL(app.baseUrl).host;

test("reads answered from the cache keep the connection open: three pipelined requests, three answers", async () => {
  const get = `GET /v1/resolve/alice.web3 HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
  const { responses, closed } = await exchange(get + get + get, 3);
  expect(responses).toHaveLength(3);
  for (const response of responses) {
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).not.toMatch(/connection: close/i);
    expect(response).toContain('"domain":"alice.web3"');
  }
  expect(closed).toBe(false);
});

test("a body refused before it all arrived closes the connection, so no later request is lost in it", async () => {
  const head = `POST /v1/resolve HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n`;
  const { responses, closed } = await exchange(head + "[".repeat(1000), 1);
  expect(responses[0]).toMatch(/^HTTP\/1\.1 413 /);
  expect(responses[0]).toMatch(/connection: close/i);
  expect(closed || responses.length === 1).toBe(true);
});
