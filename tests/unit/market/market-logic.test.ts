import { describe, expect, test } from "vitest";
import { PurchaseRequest, CryptoPurchaseRequest } from "@/lib/contract/schemas/market";
import { walletsOf } from "@/lib/registry/register-name";
import { canTransition, holdsReservation, sourcesOf, TRANSITIONS } from "@/lib/market/order-state";
import { centsToDecimal, labelLength, tldNamePricePerYearCents, totalPriceCents } from "@/lib/market/pricing";
import { requestHash } from "@/lib/market/request-hash";
import { candidatesFor, splitQuery } from "@/lib/market/search-names";
import { luhnValid, outcomeOfTestCard } from "@/lib/payments/card/test-cards";

describe("pricing", () => {
  test("by label length in characters, emoji counting as one", () => {
    expect(["a", "ab", "abc", "abcd", "abcde", "a".repeat(40)].map(tldNamePricePerYearCents)).toEqual([
      64000, 32000, 16000, 4000, 1000, 1000,
    ]);
    expect(labelLength("👍")).toBe(1);
    expect(tldNamePricePerYearCents("👍👍")).toBe(32000);
  });
  test("length is what a person sees: grapheme clusters, not code points", () => {
    // A family (7 code points joined by ZWJ), a flag (2 regional indicators), a skin tone (2),
    // a letter with a combining accent (2): each one character.
    for (const one of ["👨‍👩‍👧‍👦", "🇫🇷", "👍🏽", "e\u0301"]) {
      expect(labelLength(one), one).toBe(1);
      expect(tldNamePricePerYearCents(one), one).toBe(64000);
    }
    expect(labelLength("👨‍👩‍👧‍👦👨‍👩‍👧‍👦x")).toBe(3);
    expect(tldNamePricePerYearCents("👨‍👩‍👧‍👦👨‍👩‍👧‍👦x")).toBe(16000);
  });
  test("totals per year, years 1 to 10 whole only", () => {
    expect(totalPriceCents(1000, 10)).toBe(10000);
    expect(() => totalPriceCents(1000, 0)).toThrow(RangeError);
    expect(() => totalPriceCents(1000, 11)).toThrow(RangeError);
    expect(() => totalPriceCents(1000, 1.5)).toThrow(RangeError);
  });
  test("cents as an exact decimal string", () => {
    expect([0, 5, 250, 199, 64000].map(centsToDecimal)).toEqual(["0.00", "0.05", "2.50", "1.99", "640.00"]);
  });
});

describe("order state machine", () => {
  test("allowed and forbidden moves", () => {
    expect(canTransition("PENDING", "PAID")).toBe(true);
    expect(canTransition("PAID", "COMPLETED")).toBe(true);
    expect(canTransition("EXPIRED", "PAID")).toBe(true);
    expect(canTransition("COMPLETED", "FAILED")).toBe(false);
    expect(canTransition("PENDING", "COMPLETED")).toBe(false);
    expect(canTransition("FAILED", "FAILED")).toBe(false);
    expect(TRANSITIONS.COMPLETED).toEqual(["REFUNDED"]);
    expect(TRANSITIONS.REFUNDED).toEqual([]);
    expect(canTransition("FAILED", "REFUNDED")).toBe(true);
    expect(canTransition("PENDING", "REFUNDED")).toBe(false);
    expect(canTransition("EXPIRED", "REFUNDED")).toBe(false);
  });
  test("sources of each target, and which states hold the name", () => {
    expect(sourcesOf("PAID").sort()).toEqual(["EXPIRED", "FAILED", "PENDING"]);
    expect(sourcesOf("COMPLETED")).toEqual(["PAID"]);
    expect(sourcesOf("EXPIRED")).toEqual(["PENDING"]);
    expect(sourcesOf("REFUNDED").sort()).toEqual(["COMPLETED", "FAILED"]);
    expect(
      (["PENDING", "PAID", "COMPLETED", "EXPIRED", "FAILED", "REFUNDED"] as const).filter(holdsReservation),
    ).toEqual(["PENDING", "PAID"]);
  });
});

describe("idempotency fingerprint", () => {
  test("independent of key order and undefined fields, sensitive to values and array order", () => {
    const base = {
      checkoutId: "c",
      domain: "a.web3",
      years: 1,
      walletAddrs: [
        { coinId: 60, addr: "x" },
        { coinId: 0, addr: "y" },
      ],
    };
    expect(
      requestHash({ years: 1, walletAddrs: base.walletAddrs, domain: "a.web3", checkoutId: "c", partnerId: undefined }),
    ).toBe(requestHash(base));
    expect(requestHash({ ...base, years: 2 })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, walletAddrs: [...base.walletAddrs].reverse() })).not.toBe(requestHash(base));
    expect(requestHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("test cards", () => {
  test("documented outcomes; Luhn check", () => {
    expect(outcomeOfTestCard("4242 4242 4242 4242").succeeds).toBe(true);
    expect(outcomeOfTestCard("4000-0000-0000-0002")).toMatchObject({ succeeds: false, declineCode: "generic_decline" });
    expect(outcomeOfTestCard("4000000000009995").declineCode).toBe("insufficient_funds");
    expect(outcomeOfTestCard("4111111111111111").declineCode).toBe("test_mode_live_card");
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42")).toBe(false);
  });
});

describe("request schemas", () => {
  const valid = {
    checkoutId: "0b6f2f4e-5b0a-4b8e-9a51-2f6d1f2a7c11",
    domain: "alice.web3",
    ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
    years: 1,
  };
  test("walletAddrs default to none; a BTC coin id checks a BTC address", () => {
    expect(PurchaseRequest.parse(valid).walletAddrs).toEqual([]);
    expect(
      PurchaseRequest.safeParse({
        ...valid,
        walletAddrs: [{ coinId: 0, addr: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }],
      }).success,
    ).toBe(true);
    expect(
      PurchaseRequest.safeParse({
        ...valid,
        walletAddrs: [{ coinId: 0, addr: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" }],
      }).success,
    ).toBe(false);
  });
  test("an all-lower-case owner address passes; a bad checksum does not", () => {
    expect(PurchaseRequest.safeParse({ ...valid, ownerAddress: valid.ownerAddress.toLowerCase() }).success).toBe(true);
    expect(
      PurchaseRequest.safeParse({ ...valid, ownerAddress: "0x8BA1f109551bD432803012645Ac136ddd64DBA72" }).success,
    ).toBe(false);
  });
  test("crypto currency is upper-cased and limited to ETH, USDC, BTC", () => {
    const crypto = { ...valid, checkoutId: undefined, currency: "usdc", ownerEmail: "a@b.co", ownerName: "A" };
    delete (crypto as Record<string, unknown>).checkoutId;
    expect(CryptoPurchaseRequest.parse(crypto).currency).toBe("USDC");
    expect(CryptoPurchaseRequest.safeParse({ ...crypto, currency: "SOL" }).success).toBe(false);
  });
});

describe("wallet records and suggestions", () => {
  test("coin types map to coin and version", () => {
    expect(
      walletsOf([
        { coinId: 60, addr: "0xa" },
        { coinId: 0, addr: "bc1" },
        { coinId: 2147492101, addr: "0xb" },
      ]),
    ).toEqual([
      { coin: "ETH", version: "NATIVE", coinType: 60, address: "0xa" },
      { coin: "BTC", version: "NATIVE", coinType: 0, address: "bc1" },
      { coin: "ETH", version: "BASE", coinType: 2147492101, address: "0xb" },
    ]);
  });
  test("suggestions try other TLDs first and stay under a sub-domain's parent", () => {
    expect(candidatesFor("alice.web3", ["meta", "web3"]).slice(0, 2)).toEqual(["alice.meta", "alice1.web3"]);
    expect(candidatesFor("shop.brand.web3", ["meta", "web3"]).every((c) => c.endsWith(".brand.web3"))).toBe(true);
  });
  test("query splitting dedupes and caps at 20", () => {
    expect(splitQuery("a.web3  b.web3,a.web3")).toEqual(["a.web3", "b.web3"]);
    expect(() => splitQuery(Array.from({ length: 21 }, (_, i) => `n${i}.web3`).join(" "))).toThrow();
  });
});
