import { afterEach, describe, expect, test } from "vitest";
import {
  addressKey,
  canonicalAddress,
  clientAddress,
  fromLoopback,
  PEER,
  PEER_HEADER,
  peerAddress,
  sealedPeer,
} from "@/lib/http/client-address";
import { createRouter } from "@/lib/server/router";
import { setConfig } from "@/lib/config";

const request = (headers: Record<string, string>, peer?: string) => {
  const made = new Request("http://localhost/v1/market/search", { headers });
  if (peer !== undefined) Object.assign(made, { [PEER]: peer });
  return made;
};

describe("client address", () => {
  afterEach(() => setConfig());

  test("the socket's address, ignoring X-Forwarded-For unless the proxy is trusted", () => {
    setConfig({ TRUST_PROXY: false });
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }, "10.0.0.9"))).toBe("10.0.0.9");
    setConfig({ TRUST_PROXY: true });
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 1.2.3.4" }, "10.0.0.9"))).toBe("1.2.3.4");
    expect(clientAddress(request({}, "10.0.0.9"))).toBe("10.0.0.9");
    expect(clientAddress(request({}))).toBe("unknown");
  });

  test("a peer header counts only with this process's seal: a client's copy is ignored", () => {
    setConfig({ TRUST_PROXY: false });
    expect(peerAddress(request({ [PEER_HEADER]: sealedPeer("203.0.113.9") }))).toBe("203.0.113.9");
    expect(peerAddress(request({ [PEER_HEADER]: "forged 127.0.0.1" }))).toBeUndefined();
    expect(peerAddress(request({ [PEER_HEADER]: "127.0.0.1" }))).toBeUndefined();
    expect(peerAddress(request({ "x-namesvc-remote-address": "127.0.0.1" }))).toBeUndefined();
    expect(clientAddress(request({ [PEER_HEADER]: "forged 9.9.9.9" }))).toBe("unknown");
    // The slot of lib/server's view wins over any header.
    expect(peerAddress(request({ [PEER_HEADER]: sealedPeer("127.0.0.1") }, "198.51.100.4"))).toBe("198.51.100.4");
  });

  test("loopback is the connection's, and behind a trusted proxy also the forwarded client's", () => {
    setConfig({ TRUST_PROXY: false });
    expect(fromLoopback(request({}, "127.0.0.1"))).toBe(true);
    expect(fromLoopback(request({}, "::ffff:127.0.0.1"))).toBe(true);
    expect(fromLoopback(request({}, "::1"))).toBe(true);
    expect(fromLoopback(request({}, "10.0.0.1"))).toBe(false);
    expect(fromLoopback(request({ [PEER_HEADER]: "x 127.0.0.1" }))).toBe(false);
    expect(fromLoopback(request({ "x-forwarded-for": "203.0.113.5" }, "127.0.0.1"))).toBe(true);
    setConfig({ TRUST_PROXY: true });
    expect(fromLoopback(request({ "x-forwarded-for": "203.0.113.5" }, "127.0.0.1"))).toBe(false);
    expect(fromLoopback(request({ "x-forwarded-for": "127.0.0.1" }, "127.0.0.1"))).toBe(true);
    expect(fromLoopback(request({}, "127.0.0.1"))).toBe(true);
  });

  test("every spelling of an address is one canonical address; what is none is undefined", () => {
    for (const spelling of [
      "1.2.3.4",
      " 1.2.3.4 ",
      "1.2.3.4:5678",
      "::ffff:1.2.3.4",
      "::FFFF:1.2.3.4",
      "[::ffff:1.2.3.4]:80",
      "::ffff:102:304",
      "0:0:0:0:0:ffff:1.2.3.4",
    ])
      expect(canonicalAddress(spelling), spelling).toBe("1.2.3.4");
    expect(canonicalAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(canonicalAddress("[fe80::1%eth0]")).toBe("fe80::1");
    expect(canonicalAddress("::1")).toBe("::1");
    for (const garbage of ["", "unknown", "1.2.3.4:", "1.2.3.4:5:6", "[::1", "[::1]x", "300.1.1.1", "::ffff:1.2.3"])
      expect(canonicalAddress(garbage), garbage).toBeUndefined();
    expect(addressKey("::FFFF:1.2.3.4")).toBe("1.2.3.4");
    expect(addressKey("[2001:DB8:0:12::1]:80")).toBe("2001:db8:0:12::/64");
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
  // Each route file states its endpoints' policy (endpoint() options): read here from the route
  // modules as the server loads them.
  const router = createRouter();

  /** The distinct policies of the endpoints serving a path; null when no API route matches it. */
  async function policiesAt(path: string) {
    const endpoints = await router.endpointsAt(path);
    if (endpoints === null) return null;
    return [...new Map(Object.values(endpoints).map((e) => [JSON.stringify(e.policy), e.policy])).values()];
  }

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
    ["/api/test-processor/intent", "none", "read"],
    // A dynamic segment's value cannot move a request to another family.
    ["/v1/market/order/purchase", "public", "read"],
    ["/v1/parentdomains/reverse-resolve", "partner", "partner"],
    // The owner API is our pages' own: same origin only, limited per client address.
    ["/v1/owner/session", "none", "owner"],
  ])("%s: cors %s, limit %s", async (path, cors, rateLimit) => {
    expect(await policiesAt(path)).toEqual([{ cors, rateLimit }]);
  });

  // A path no route file serves is the catch-all's JSON 404: no endpoint, so no policy of another
  // route (nor a family's) reaches it. What a new route that states nothing gets is tested in
  // tests/unit/http/route-policy.test.ts (fails closed).
  test.each([
    "/v1/something-new/x",
    "/v1/openapi.json/x",
    "/api/something-new",
    "/v1/parentdomains/x.web3/addresses/reverse-resolve",
  ])("%s: served by no endpoint", async (path) => {
    expect(await policiesAt(path)).toEqual([]);
  });
});
