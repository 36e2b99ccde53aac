// The guard on CCIP-Read gateway URLs, which come from whoever controls an ENS name: only public
// addresses are asked, whatever form the address or the name takes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CcipGatewayError, gatewayRequester, isNonPublicAddress } from "@/lib/resolution/providers/ccip-gateway";

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
