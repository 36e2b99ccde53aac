// A small JSON answer leaves in one write of the socket, its head and body together: a Buffer body
// written after the head took a second chunk (a writev), about twice the kernel's time per answer
// on the cache-miss path (issue 15). ASCII text is kept as its string (lib/http/handler.ts), which
// goes with the head whatever its size; other text is a Buffer, copied to a string only when small.
import { createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { expect, test } from "vitest";
import { json } from "@/lib/http/handler";
import { sendWebResponse } from "@/lib/server/node-http";

async function writesOfOneAnswer(body: unknown): Promise<{ writes: number; chunks: number; text: string }> {
  let writes = 0;
  let chunks = 0;
  const server = createServer((req, res: ServerResponse) => {
    const socket = res.socket as Socket & {
      _write: (...args: unknown[]) => void;
      _writev: (data: unknown[], callback: () => void) => void;
    };
    const write = socket._write.bind(socket);
    const writev = socket._writev.bind(socket);
    socket._write = (...args) => {
      writes++;
      chunks++;
      write(...args);
    };
    socket._writev = (data, callback) => {
      writes++;
      chunks += data.length;
      writev(data, callback);
    };
    req.resume();
    void sendWebResponse(res, json(body), "GET");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
        let received = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (received += chunk));
        res.on("end", () => resolve(received));
      })
        .on("error", reject)
        .end();
    });
    return { writes, chunks, text };
  } finally {
    server.close();
  }
}

test("a small JSON answer is one write of one chunk, its bytes unchanged (UTF-8 included)", async () => {
  const body = { domain: "alice.web3", description: "café ☕ 名前" };
  const { writes, chunks, text } = await writesOfOneAnswer(body);
  expect(JSON.parse(text)).toEqual(body);
  expect({ writes, chunks }).toEqual({ writes: 1, chunks: 1 });
});

test("a large ASCII one is its string: one write of one chunk", async () => {
  const body = { items: "x".repeat(64 * 1024) };
  const { writes, chunks, text } = await writesOfOneAnswer(body);
  expect(JSON.parse(text)).toEqual(body);
  expect({ writes, chunks }).toEqual({ writes: 1, chunks: 1 });
});

test("a large non-ASCII one keeps its UTF-8 Buffer (no copy): the head and the body, two chunks", async () => {
  const body = { items: "é".repeat(32 * 1024) };
  const { chunks, text } = await writesOfOneAnswer(body);
  expect(JSON.parse(text)).toEqual(body);
  expect(chunks).toBe(2);
});
