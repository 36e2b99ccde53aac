// The benches' unique paths (scripts/bench/server-measures.ts): each request goes to the path the
// generator gives, in order, with the headers of the load, through autocannon's client internals,
// which an autocannon upgrade could change: this fails then, rather than the benches measuring
// one path over and over.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { afterAll, beforeAll, expect, test } from "vitest";
import { pathPerRequest } from "@/scripts/bench/server-measures";

const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((request, response) => {
  seen.push({ url: request.url ?? "", headers: request.headers });
  // Every tenth name (m10, m20…) is not found: answers of both kinds come back.
  response.writeHead(request.url?.includes("0.brand") ? 404 : 200, { "content-type": "text/plain" });
  response.end("ok");
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("every request asks the next path, with the load's headers, and the answers are counted", async () => {
  let count = 0;
  const result = await autocannon({
    url: origin,
    connections: 3,
    amount: 60,
    headers: { authorization: "Bearer token-of-the-load" },
    ...pathPerRequest(() => `/v1/resolve/m${++count}.brand.web3`),
  });
  expect(result.errors + result.timeouts).toBe(0);
  expect(result.requests.total).toBe(60);
  const counted = (status: string) => result.statusCodeStats?.[status as "200"]?.count ?? 0;
  expect(counted("404")).toBeGreaterThanOrEqual(5);
  expect(counted("200") + counted("404")).toBe(60);
  const urls = seen.map((request) => request.url);
  // Each path asked once: none repeated, none lost (every one of those made was sent).
  expect(new Set(urls).size).toBe(urls.length);
  expect(urls.length).toBeGreaterThanOrEqual(60);
  for (const url of urls) expect(url).toMatch(/^\/v1\/resolve\/m\d+\.brand\.web3$/);
  for (const request of seen) expect(request.headers.authorization).toBe("Bearer token-of-the-load");
});

test("a load that is not a GET of the origin's path is refused, not sent elsewhere", async () => {
  await expect(
    new Promise((resolve, reject) => {
      try {
        const instance = autocannon(
          { url: `${origin}/fixed`, connections: 1, amount: 1, ...pathPerRequest(() => "/other") },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on("error", reject);
      } catch (error) {
        reject(error);
      }
    }),
  ).rejects.toThrow(/GET requests to paths/);
});
