// ICANN provider against a real DNS server on loopback (dns2), and against one that never answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { IcannProvider } from "@/lib/resolution/providers/icann";
import { startDnsServer, startSilentUdp, type DnsTestServer } from "@/tests/support/dns-server";

const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const XMR = "46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em";

let dns: DnsTestServer;
let provider: IcannProvider;

beforeAll(async () => {
  dns = await startDnsServer(
    {
      "example.test": [
        { type: "A", ttl: 300, address: "192.0.2.10" },
        { type: "AAAA", ttl: 300, address: "2001:db8::10" },
        { type: "MX", ttl: 3600, exchange: "mail.example.test", priority: 10 },
        { type: "NS", ttl: 86400, ns: "ns1.example.test" },
        { type: "TXT", ttl: 120, data: `oa1:btc recipient_address=${BTC}; recipient_name=Example;` },
        { type: "TXT", ttl: 120, data: ["oa1:xmr recipient_address=", `${XMR};`] },
        { type: "TXT", ttl: 120, data: "v=spf1 -all" },
      ],
      "_dnslink.example.test": [{ type: "TXT", ttl: 60, data: `dnslink=/ipfs/${CID}` }],
      "www.example.test": [{ type: "CNAME", ttl: 600, domain: "example.test" }],
      "xn--bcher-kva.test": [{ type: "A", ttl: 45, address: "192.0.2.20" }],
      "bare.test": [{ type: "TXT", ttl: 90, data: "dnslink=/ipns/docs.example.test" }],
    },
    { servfail: ["broken.test"] },
  );
  provider = new IcannProvider({ servers: [dns.address], timeoutMs: 10_000 });
});

afterAll(async () => {
  await dns?.stop();
});

describe("ICANN forward resolution", () => {
  it("reads A, AAAA, MX, NS and TXT records with their TTLs", async () => {
    const result = await provider.forward("example.test", {});
    expect(result?.nameService).toBe("icann");
    expect(result?.domain).toBe("example.test");
    expect(result?.ownerAddress).toBe("");
    expect(result?.dnsRecords).toEqual(
      expect.arrayContaining([
        { name: "example.test", type: "A", ttl: 300, value: "192.0.2.10" },
        { name: "example.test", type: "AAAA", ttl: 300, value: "2001:db8::10" },
        { name: "example.test", type: "MX", ttl: 3600, value: "10 mail.example.test" },
        { name: "example.test", type: "NS", ttl: 86400, value: "ns1.example.test" },
        { name: "example.test", type: "TXT", ttl: 120, value: "v=spf1 -all" },
      ]),
    );
    expect(result?.dnsRecords).toHaveLength(7);
  });

  it("takes wallets from OpenAlias records and the content hash from DNSLink", async () => {
    const result = await provider.forward("example.test", {});
    expect(result?.wallets).toEqual(
      expect.arrayContaining([
        { coin: "BTC", version: "NATIVE", address: BTC },
        { coin: "XMR", version: "NATIVE", address: XMR },
      ]),
    );
    expect(result?.wallets).toHaveLength(2);
    expect(result?.contentHash).toBe(`ipfs://${CID}`);
    const onlyXmr = await provider.forward("example.test", { coins: ["XMR"] });
    expect(onlyXmr?.wallets).toEqual([{ coin: "XMR", version: "NATIVE", address: XMR }]);
  });

  it("follows a CNAME and reports both records", async () => {
    const result = await provider.forward("www.example.test", {});
    expect(result?.dnsRecords).toContainEqual({
      name: "www.example.test",
      type: "CNAME",
      ttl: 600,
      value: "example.test",
    });
    expect(result?.dnsRecords).toContainEqual({ name: "example.test", type: "A", ttl: 300, value: "192.0.2.10" });
  });

  it("asks for an internationalized name in its ASCII form and answers with the name as given", async () => {
    const result = await provider.forward("bücher.test", {});
    expect(result?.domain).toBe("bücher.test");
    expect(result?.dnsRecords).toEqual([{ name: "xn--bcher-kva.test", type: "A", ttl: 45, value: "192.0.2.20" }]);
  });

  it("falls back to a DNSLink on the name itself", async () => {
    expect((await provider.forward("bare.test", {}))?.contentHash).toBe("ipns://docs.example.test");
  });

  it("returns null for a name that does not exist", async () => {
    expect(await provider.forward("missing.test", {})).toBeNull();
  });

  it("answers from cache within the TTL without asking DNS again", async () => {
    const fresh = new IcannProvider({ servers: [dns.address], timeoutMs: 10_000 });
    await fresh.forward("xn--bcher-kva.test", {});
    const asked = dns.queries.get("xn--bcher-kva.test A");
    await fresh.forward("xn--bcher-kva.test", {});
    expect(dns.queries.get("xn--bcher-kva.test A")).toBe(asked);
  });

  it("reports a server failure as 502", async () => {
    const error = await provider.forward("broken.test", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).items[0]?.info).toMatch(/SERVFAIL/);
  });

  it("rejects reverse resolution with 404 and a reason", async () => {
    const error = await provider.reverse("0x0000000000000000000000000000000000000001", {}).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).items[0]?.info).toMatch(/not defined for ICANN/);
  });
});

describe("ICANN source failures", () => {
  it("gives 504 within the timeout when the server never answers", async () => {
    const silent = await startSilentUdp();
    try {
      const slow = new IcannProvider({ servers: [silent.address], timeoutMs: 300 });
      const started = Date.now();
      const error = await slow.forward("example.test", {}).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(504);
      expect((error as ApiError).items[0]?.field).toBe("nameservice");
      // The 300 ms timeout decides, with room for a loaded machine; a hang would last the test's 30 s.
      expect(Date.now() - started).toBeLessThan(300 + 6000);
    } finally {
      await silent.stop();
    }
  });

  it("moves on to the next server when the first cannot be reached", async () => {
    const silent = await startSilentUdp();
    const address = silent.address;
    await silent.stop();
    // Nothing listens on the first port any more: ICMP port-unreachable ends that attempt at once.
    const twoServers = new IcannProvider({ servers: [address, dns.address], timeoutMs: 10_000 });
    const result = await twoServers.forward("example.test", {});
    expect(result?.dnsRecords.find((r) => r.type === "A")?.value).toBe("192.0.2.10");
  });
});
