import { afterEach, describe, expect, test } from "vitest";
import { addressKey, clientAddress, REMOTE_ADDRESS_HEADER } from "@/lib/api/client-address";
import { routePolicy } from "@/lib/api/route-policy";
import { setConfig } from "@/lib/config";

const request = (headers: Record<string, string>) => new Request("http://localhost/v1/market/search", { headers });

describe("client address", () => {
  afterEach(() => setConfig());

  test("the socket's address, ignoring X-Forwarded-For unless the proxy is trusted", () => {
    setConfig({ TRUST_PROXY: "0" });
    expect(clientAddress(request({ [REMOTE_ADDRESS_HEADER]: "10.0.0.9", "x-forwarded-for": "1.2.3.4" }))).toBe(
      "10.0.0.9",
    );
    setConfig({ TRUST_PROXY: "1" });
    expect(clientAddress(request({ [REMOTE_ADDRESS_HEADER]: "10.0.0.9", "x-forwarded-for": "6.6.6.6, 1.2.3.4" }))).toBe(
      "1.2.3.4",
    );
    expect(clientAddress(request({ [REMOTE_ADDRESS_HEADER]: "10.0.0.9" }))).toBe("10.0.0.9");
    expect(clientAddress(request({}))).toBe("unknown");
  });

  test("IPv4-mapped addresses count as IPv4; IPv6 counts by /64", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:0:12:aaaa::1")).toBe("2001:db8:0:12::/64");
    expect(addressKey("2001:0DB8:0000:0012:ffff:1:2:3")).toBe("2001:db8:0:12::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("route policy", () => {
  test.each([
    ["/v1/resolve/alice.web3", "public", "resolve"],
    ["/v1/resolve", "public", "resolve"],
    ["/v1/reverse/0xabc", "public", "resolve"],
    ["/v1/market/search", "public", "read"],
    ["/v1/market/order/123", "public", "read"],
    ["/v1/market/purchase", "public", "purchase"],
    ["/v1/market/crypto/purchase", "public", "purchase"],
    ["/v1/openapi.json", "public", null],
    ["/v1/parentdomains/brand.web3/addresses/0xabc/reverse-resolve", "public", "read"],
    ["/v1/parentdomains/brand.web3/list", "partner", "partner"],
    ["/v1/partner/access-token", "partner", "partner"],
    ["/api/webhooks/stripe", "none", null],
    ["/api/internal/partners", "none", null],
    ["/api/test-processor/pay", "none", "purchase"],
  ])("%s: cors %s, limit %s", (path, cors, rateLimit) => {
    expect(routePolicy(path)).toEqual({ cors, rateLimit });
  });
});
