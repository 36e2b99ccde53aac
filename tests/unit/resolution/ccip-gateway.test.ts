// The guard on CCIP-Read gateway URLs, which come from whoever controls an ENS name: only public
// addresses are asked, whatever form the address or the name takes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CcipGatewayError,
  gatewayRequester,
  isNonPublicAddress,
  trackGateways,
} from "@/lib/resolution/providers/ccip-gateway";

describe("isNonPublicAddress", () => {
  test.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "fd00::1",
    "fe80::1",
    "ff02::1",
    "not an address",
  ])("%s is not public", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  test.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});

describe("gatewayRequester", () => {
  let server: Server;
  let port: number;
  let requests = 0;
  const sender = "0x1111111111111111111111111111111111111111";

  beforeAll(async () => {
    server = createServer((_, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "0x1234" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = (url: string, allowNonPublic = false) =>
    gatewayRequester({ allowNonPublic })({ data: "0xabcd", sender, urls: [url], timeout: 2000 }).catch(
      (error: unknown) => error,
    );

  test.each([
    ["a loopback literal", () => `http://127.0.0.1:${port}/{sender}/{data}.json`],
    ["a name that resolves to loopback", () => `http://localhost:${port}/{sender}/{data}.json`],
    ["an IPv4-mapped IPv6 literal", () => `http://[::ffff:127.0.0.1]:${port}/`],
  ])("refuses %s without sending a request", async (_, url) => {
    const before = requests;
    const error = await ask(url());
    expect(error).toBeInstanceOf(CcipGatewayError);
    expect((error as CcipGatewayError).kind).toBe("not-public");
    expect(requests).toBe(before);
  });

  test.each([["file:///etc/passwd"], ["ftp://example.com/"], ["not a url"]])("refuses the URL %s", async (url) => {
    const error = await ask(url);
    expect((error as CcipGatewayError).kind).toBe("scheme");
  });

  test("asks a loopback gateway when allowed, by GET with {data} and by POST without", async () => {
    const before = requests;
    expect(await ask(`http://127.0.0.1:${port}/{sender}/{data}.json`, true)).toBe("0x1234");
    expect(await ask(`http://localhost:${port}/gateway`, true)).toBe("0x1234");
    expect(requests).toBe(before + 2);
  });
});

describe("gateway budgets", () => {
  let server: Server;
  let port: number;
  let requests = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const sender = "0x2222222222222222222222222222222222222222";

  beforeAll(async () => {
    server = createServer((_, res) => {
      requests++;
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "0x1234" }));
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const requester = (perGatewayPerMinute: number, perClientPerMinute: number) =>
    gatewayRequester({ allowNonPublic: true, budget: { perGatewayPerMinute, perClientPerMinute } });
  const askAs = (request: ReturnType<typeof requester>, client: string | undefined, url: string) =>
    trackGateways(() => request({ data: "0xabcd", sender, urls: [url], timeout: 5000 }), {
      pending: new Set(),
      client,
    }).catch((error: unknown) => error);

  test("one client's requests stop at its budget; another client still gets through", async () => {
    const request = requester(1000, 3);
    const url = `http://127.0.0.1:${port}/client-budget/{data}.json`;
    const before = requests;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askAs(request, "198.51.100.7", url));
    expect(answers.slice(0, 3)).toEqual(["0x1234", "0x1234", "0x1234"]);
    for (const refused of answers.slice(3)) {
      expect((refused as CcipGatewayError).kind).toBe("client-budget");
      expect((refused as CcipGatewayError).retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(requests - before).toBe(3);
    expect(await askAs(request, "198.51.100.8", url)).toBe("0x1234");
  });

  test("a gateway host is asked at most its budget per minute, whoever asks", async () => {
    const request = requester(4, 1000);
    // A host of its own (localhost rather than 127.0.0.1), so earlier tests spent none of it.
    const url = `http://localhost:${port}/host-budget/{data}.json`;
    const before = requests;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await askAs(request, `203.0.113.${i}`, url));
    expect(answers.filter((a) => a === "0x1234")).toHaveLength(4);
    expect(answers.slice(4).map((a) => (a as CcipGatewayError).kind)).toEqual(["gateway-budget", "gateway-budget"]);
    expect(requests - before).toBe(4);
  });

  test("at most 8 requests to one host are in flight at once; the rest wait their turn", async () => {
    const request = requester(1000, 1000);
    mostInFlight = 0;
    const url = `http://127.0.0.1:${port}/concurrency/{data}.json`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => askAs(request, undefined, url)));
    expect(answers.every((a) => a === "0x1234")).toBe(true);
    expect(mostInFlight).toBe(8);
  });
});
