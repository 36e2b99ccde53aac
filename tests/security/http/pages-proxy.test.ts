import { statSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pagesProxy, privateSocketPath } from "@/lib/server/pages-process";
import { servedByNext, startTestApp, type TestApp } from "@/tests/support/app";
import { rawRequest } from "../support/raw-http";

// `npm start` hands pages to a process of their own over a Unix socket (lib/server/pages-process.ts).
// Here a recording server stands in for it behind the real edge, and each request is sent as bytes:
// nothing the client sends may reach the pages process unchecked, change how its body is framed,
// or carry a connection-level header across; and the socket is reachable by this user only.
// `next start` serves its pages itself: there is no proxy there to attack.

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
const socket = privateSocketPath();
const proxy = pagesProxy(socket.socketPath);
let upstream: Server;
let app: TestApp;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url === "/stream") {
        // An answer of unknown length, in parts, with two cookies and a hop-by-hop header of its own.
        res.writeHead(200, { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"], "keep-alive": "timeout=1" });
        res.write("one,");
        setTimeout(() => res.end("two"), 20);
        return;
      }
      res.writeHead(201, { "content-type": "text/html", connection: "x-upstream-secret", "x-upstream-secret": "s" });
      res.end("<p>page</p>");
    });
  });
  await new Promise<void>((resolve) => upstream.listen(socket.socketPath, resolve));
  if (!servedByNext) app = await startTestApp({}, { pages: proxy.handler });
});
afterAll(async () => {
  proxy.close();
  await app?.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(socket.dir, { recursive: true, force: true });
});

const last = () => seen[seen.length - 1];

describe.skipIf(servedByNext)("the pages process behind npm start's edge", () => {
  test("its socket's directory admits this user only", () => {
    expect(statSync(socket.dir).mode & 0o777).toBe(0o700);
  });

  test("a page comes back with its status, headers and body; the edge's headers are added", async () => {
    const res = await rawRequest(app.baseUrl, { target: "/names?x=1" });
    expect(res.status).toBe(201);
    expect(res.body).toBe("<p>page</p>");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(last()).toMatchObject({ method: "GET", url: "/names?x=1" });
  });

  test("internal headers and hop-by-hop headers a client sends do not reach it", async () => {
    await rawRequest(app.baseUrl, {
      target: "/",
      headers: {
        "x-middleware-subrequest": "middleware",
        "x-namesvc-peer": "10.0.0.1",
        "x-invoke-path": "/v1/partners",
        connection: "close, x-private",
        "x-private": "p",
        "keep-alive": "timeout=5",
        "proxy-connection": "keep-alive",
        te: "trailers",
        upgrade: "websocket",
      },
    });
    const headers = last().headers;
    for (const name of [
      "x-middleware-subrequest",
      "x-namesvc-peer",
      "x-invoke-path",
      "x-private",
      "keep-alive",
      "proxy-connection",
      "te",
      "upgrade",
    ])
      expect(headers[name], name).toBeUndefined();
  });

  test("a Connection header cannot strip the body's framing: the whole body arrives, once", async () => {
    const body = "a=1&b=2";
    await rawRequest(app.baseUrl, {
      method: "POST",
      target: "/form",
      headers: { "content-type": "application/x-www-form-urlencoded", connection: "close, content-length, host" },
      body,
    });
    expect(last()).toMatchObject({ method: "POST", url: "/form", body });
    expect(last().headers["content-length"]).toBe(String(body.length));
    expect(last().headers.host).toBeDefined();

    // A streamed body is refused at the edge (pages take none), whatever the Connection header names.
    const before = seen.length;
    const streamed = await rawRequest(app.baseUrl, {
      method: "POST",
      target: "/form",
      headers: { "content-type": "text/plain", connection: "close, transfer-encoding" },
      chunked: ["x=", "1", "&y=2"],
    });
    expect(streamed.status).toBe(413);
    expect(seen.length).toBe(before);
  });

  test("an API path, however spelled, is never handed to it", async () => {
    const before = seen.length;
    for (const target of ["/v1/partners", "/v1/../v1/partners", "/%76%31/partners", "/api/internal/sync"])
      await rawRequest(app.baseUrl, { target });
    expect(seen.length).toBe(before);
  });

  test("its own hop-by-hop headers stay on its side; a streamed answer and repeated cookies come through", async () => {
    const page = await rawRequest(app.baseUrl, { target: "/" });
    expect(page.headers["x-upstream-secret"]).toBeUndefined();
    const streamed = await rawRequest(app.baseUrl, { target: "/stream" });
    expect(streamed.status).toBe(200);
    expect(streamed.body).toBe("one,two");
    expect(streamed.raw).toMatch(/set-cookie: a=1\r\nset-cookie: b=2/i);
    expect(streamed.raw).not.toMatch(/keep-alive: timeout=1/i);
  });

  test("when it does not answer, a page is a 503 and the API goes on", async () => {
    const down = pagesProxy(`${socket.dir}/nobody.sock`);
    const other = await startTestApp({}, { pages: down.handler });
    try {
      const res = await rawRequest(other.baseUrl, { target: "/" });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({ message: "The pages are not available; try again shortly." });
      // The API answers as ever (here: the token this endpoint needs is missing).
      expect((await rawRequest(other.baseUrl, { target: "/v1/resolve/nobody.web3" })).status).toBe(401);
    } finally {
      down.close();
      await other.close();
    }
  });
});
