// The ICANN provider against a real authoritative server (Knot DNS from Debian's `knot`), with a
// TXT record set far larger than a plain UDP answer may carry (512 bytes without EDNS): the server
// answers UDP truncated, and the provider must ask again over TCP and read every record.
import { createSocket } from "node:dgram";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { decodeResponse, encodeQuery } from "@/lib/resolution/providers/dns-wire-helpers";
import { IcannProvider } from "@/lib/resolution/providers/icann";
import { findKnotd, startKnot, type KnotServer } from "@/tests/support/knot-server";

const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const FILLER = Array.from(
  { length: 24 },
  (_, i) => `record-${String(i).padStart(2, "0")} ${"abcdefghijklmnopqrstuvwxyz0123456789".repeat(2)}`,
);

const ZONE = `$ORIGIN big.test.
$TTL 300
@         IN SOA ns1.big.test. hostmaster.big.test. 1 3600 600 86400 60
@         IN NS  ns1.big.test.
ns1       IN A   192.0.2.53
@         IN A   192.0.2.80
@     120 IN TXT "oa1:btc recipient_address=${BTC}; recipient_name=Big;"
${FILLER.map((text) => `@     120 IN TXT "${text}"`).join("\n")}
_dnslink   60 IN TXT "dnslink=/ipfs/${CID}"
`;

const knotd = findKnotd();

test("Knot DNS is installed for the TCP fallback tests (apt-get install knot; .ci/run does)", () => {
  expect(
    knotd,
    "knotd not found in /usr/sbin: install Debian's `knot` package to run the DNS-over-TCP tests",
  ).not.toBeNull();
});

describe.skipIf(knotd === null)("DNS answers too large for UDP", () => {
  let knot: KnotServer;

  beforeAll(async () => {
    knot = await startKnot(knotd!, "big.test", ZONE);
  }, 30_000);

  afterAll(async () => {
    await knot?.stop();
  });

  test("the server truncates the TXT set over UDP", async () => {
    const query = encodeQuery(0x4242, "big.test", "TXT");
    const socket = createSocket("udp4");
    const answer = await new Promise<Buffer>((resolve, reject) => {
      socket.on("message", resolve);
      socket.on("error", reject);
      socket.send(query, knot.port, "127.0.0.1");
    }).finally(() => socket.close());
    expect(answer.length).toBeLessThanOrEqual(512);
    const decoded = decodeResponse(answer);
    expect(decoded.truncated).toBe(true);
    expect(decoded.answers.length).toBeLessThan(FILLER.length + 1);
  });

  test("the provider falls back to TCP and reads the whole record set", async () => {
    const provider = new IcannProvider({ servers: [knot.address], timeoutMs: 5000 });
    const result = await provider.forward("big.test", {});
    const txts = result!.dnsRecords.filter((r) => r.type === "TXT");
    expect(txts).toHaveLength(FILLER.length + 1);
    expect(txts.map((r) => r.value)).toEqual(expect.arrayContaining(FILLER));
    expect(txts.every((r) => r.name === "big.test" && r.ttl === 120)).toBe(true);
    expect(Buffer.byteLength(txts.map((r) => r.value).join(""))).toBeGreaterThan(512);
    expect(result!.dnsRecords).toContainEqual({ name: "big.test", type: "A", ttl: 300, value: "192.0.2.80" });
    expect(result!.dnsRecords).toContainEqual({ name: "big.test", type: "NS", ttl: 300, value: "ns1.big.test" });
    expect(result!.wallets).toEqual([{ coin: "BTC", version: "NATIVE", address: BTC }]);
    expect(result!.contentHash).toBe(`ipfs://${CID}`);
  });

  test("a name the server does not hold is null, from the server's NXDOMAIN", async () => {
    const provider = new IcannProvider({ servers: [knot.address], timeoutMs: 5000 });
    expect(await provider.forward("missing.big.test", {})).toBeNull();
  });
});
