// Pure mappings: coin types to tickers, content hashes, UD keys, OpenAlias and DNSLink.
import { describe, expect, it } from "vitest";
import { coinTypeLabel, coinTypesFor } from "@/lib/resolution/providers/coin-types-helpers";
import { contentHashToUri, ipfsUri } from "@/lib/resolution/providers/content-hash-helpers";
import { dnsEncode } from "@/lib/resolution/providers/ens";
import { dnslinkUri, parseOpenAlias } from "@/lib/resolution/providers/icann";
import { mapUdRecords, udKeysFor } from "@/lib/resolution/providers/ud";
import { decodeResponse, encodeQuery, parseDnsServer } from "@/lib/resolution/providers/dns-wire-helpers";

describe("ENS coin types", () => {
  it("labels native and EVM-chain coin types", () => {
    expect(coinTypeLabel(0)).toEqual({ coinType: 0, coin: "BTC", version: "NATIVE" });
    expect(coinTypeLabel(60)).toEqual({ coinType: 60, coin: "ETH", version: "NATIVE" });
    expect(coinTypeLabel(0x8000000a)).toEqual({ coinType: 0x8000000a, coin: "ETH", version: "OPTIMISM" });
    expect(coinTypeLabel(0x80000089)).toEqual({ coinType: 0x80000089, coin: "MATIC", version: "POLYGON" });
    expect(coinTypeLabel(0x80002105)).toEqual({ coinType: 0x80002105, coin: "ETH", version: "BASE" });
  });

  it("reads every network of a requested coin", () => {
    const eth = coinTypesFor(["ETH"]).map((l) => l.version);
    expect(eth).toEqual(expect.arrayContaining(["NATIVE", "OPTIMISM", "BASE", "ARBITRUM", "EVM"]));
    expect(coinTypesFor(["BTC"])).toEqual([{ coinType: 0, coin: "BTC", version: "NATIVE" }]);
    expect(coinTypesFor().some((l) => l.coin === "BTC")).toBe(true);
  });
});

describe("content hashes", () => {
  it("decodes EIP-1577 hashes to URIs", () => {
    expect(contentHashToUri("0xe3010170122029f2d17be6139079dc48696d1f582a8530eb9805b561eda517e22a892c7e3f1f")).toBe(
      "ipfs://bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4",
    );
    expect(contentHashToUri("0xe40101fa011b20d1de9994b4d039f6548d191eb26786769f580809256b4685ef316805265ea162")).toBe(
      "bzz://d1de9994b4d039f6548d191eb26786769f580809256b4685ef316805265ea162",
    );
    expect(contentHashToUri("0x")).toBe("");
  });

  it("turns bare CIDs and DNSLink paths into URIs", () => {
    expect(ipfsUri("QmX")).toBe("ipfs://QmX");
    expect(ipfsUri("/ipns/example.com")).toBe("ipns://example.com");
    expect(ipfsUri("")).toBe("");
  });
});

describe("ENSIP-10 name encoding", () => {
  it("writes the DNS wire form", () => {
    expect(dnsEncode("a.eth")).toBe("0x01610365746800");
  });
});

describe("UD records", () => {
  it("maps address, DNS, content and text keys", () => {
    const records = new Map([
      ["crypto.ETH.address", "0xabc"],
      ["crypto.USDT.address", "ignored: not a Coin code"],
      ["crypto.USDC.version.ERC20.address", "0xdef"],
      ["token.EVM.MATIC.address", "0x111"],
      ["token.EVM.ETH.USDC.address", "0x222"],
      ["token.EVM.address", "0x333"],
      ["dns.A", '["1.2.3.4"]'],
      ["dns.MX", "not json"],
      ["dns.ttl", "60"],
      ["ipfs.html.value", "QmOld"],
      ["dweb.ipfs.hash", "QmNew"],
      ["browser.redirect_url", "https://x.example"],
    ]);
    const mapped = mapUdRecords("a.crypto", records);
    expect(mapped.wallets).toEqual([
      { coin: "ETH", version: "NATIVE", address: "0xabc" },
      { coin: "USDC", version: "ERC20", address: "0xdef" },
      { coin: "MATIC", version: "POLYGON", address: "0x111" },
      { coin: "USDC", version: "ERC20", address: "0x222" },
      { coin: "ETH", version: "EVM", address: "0x333" },
    ]);
    expect(mapped.dnsRecords).toEqual([{ name: "a.crypto", type: "A", ttl: 60, value: "1.2.3.4" }]);
    expect(mapped.contentHash).toBe("ipfs://QmNew");
    expect(mapped.txtRecords).toEqual([{ key: "browser.redirect_url", value: "https://x.example" }]);
    expect(mapUdRecords("a.crypto", records, ["USDC"]).wallets.map((w) => w.coin)).toEqual(["USDC", "USDC"]);
  });

  it("asks for the requested coins' keys only, with their versions", () => {
    const keys = udKeysFor(["USDC"]);
    expect(keys).toContain("crypto.USDC.address");
    expect(keys).toContain("crypto.USDC.version.MATIC.address");
    expect(keys).toContain("token.EVM.ETH.USDC.address");
    expect(keys).not.toContain("crypto.BTC.address");
    expect(udKeysFor()).toContain("crypto.BTC.address");
  });
});

describe("OpenAlias and DNSLink", () => {
  it("parses OpenAlias records", () => {
    expect(parseOpenAlias("oa1:btc recipient_address=bc1qxyz; recipient_name=Alice;")).toEqual({
      coin: "BTC",
      version: "NATIVE",
      address: "bc1qxyz",
    });
    expect(parseOpenAlias("oa1:zzzz recipient_address=abc;")).toBeNull();
    expect(parseOpenAlias("oa1:btc recipient_name=Alice;")).toBeNull();
    expect(parseOpenAlias("v=spf1 -all")).toBeNull();
  });

  it("takes a single DNSLink and ignores conflicting ones", () => {
    expect(dnslinkUri(["dnslink=/ipfs/QmA", "other"])).toBe("ipfs://QmA");
    expect(dnslinkUri(["dnslink=/ipfs/QmA", "dnslink=/ipfs/QmB"])).toBe("");
    expect(dnslinkUri([])).toBe("");
  });
});

describe("DNS wire format", () => {
  it("parses server addresses", () => {
    expect(parseDnsServer("1.1.1.1")).toEqual({ host: "1.1.1.1", port: 53 });
    expect(parseDnsServer("127.0.0.1:5353")).toEqual({ host: "127.0.0.1", port: 5353 });
    expect(parseDnsServer("[::1]:5353")).toEqual({ host: "::1", port: 5353 });
    expect(parseDnsServer("2001:db8::1")).toEqual({ host: "2001:db8::1", port: 53 });
  });

  it("decodes a compressed answer it asked for", () => {
    const query = encodeQuery(0x1234, "a.test", "A");
    // Response: the query echoed with QR set and one A answer pointing back at the question name.
    const header = Buffer.from([0x12, 0x34, 0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 0]);
    const answer = Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 0x0e, 0x10, 0, 4, 192, 0, 2, 1]);
    const response = Buffer.concat([header, query.subarray(12), answer]);
    expect(decodeResponse(response)).toMatchObject({
      id: 0x1234,
      rcode: 0,
      answers: [{ name: "a.test", type: "A", ttl: 3600, value: "192.0.2.1" }],
    });
  });
});
