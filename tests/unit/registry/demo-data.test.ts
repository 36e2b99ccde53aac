import { describe, expect, test } from "vitest";
import { getAddress } from "viem";
import { ALICE_OWNER, ALICE_WALLETS, BOB_OWNER, BOB_WALLETS, demoSubdomains } from "@/lib/registry/demo-data";
import { isValidAddressForCoinType } from "@/lib/names/coins";

const NOW = new Date(Date.UTC(2026, 2, 15, 9, 30));
const DAY = 86_400_000;

describe("demo data", () => {
  test("every demo wallet address passes its coin type's codec; EVM ones are checksummed", () => {
    for (const wallet of [...ALICE_WALLETS, ...BOB_WALLETS]) {
      expect(isValidAddressForCoinType(wallet.coinType, wallet.address), `${wallet.coin} ${wallet.version}`).toBe(true);
      if (wallet.address.startsWith("0x")) expect(getAddress(wallet.address)).toBe(wallet.address);
    }
    expect(new Set(ALICE_WALLETS.filter((w) => w.coin === "USDC").map((w) => w.version))).toEqual(
      new Set(["ERC20", "BASE"]),
    );
    expect(getAddress(ALICE_OWNER)).toBe(ALICE_OWNER);
    expect(getAddress(BOB_OWNER)).toBe(BOB_OWNER);
  });

  test("2,500 sub-domains over the last 90 UTC days, uneven, some days empty, none in the future", () => {
    const subs = demoSubdomains(NOW);
    expect(subs).toHaveLength(2500);
    expect(new Set(subs.map((s) => s.label)).size).toBe(2500);
    const todayStart = Date.UTC(2026, 2, 15);
    for (const sub of subs) {
      expect(sub.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(sub.createdAt.getTime()).toBeGreaterThanOrEqual(todayStart - 89 * DAY);
      expect(getAddress(sub.ownerAddress)).toBe(sub.ownerAddress);
    }
    const perDay = new Map<string, number>();
    for (const sub of subs)
      perDay.set(
        sub.createdAt.toISOString().slice(0, 10),
        (perDay.get(sub.createdAt.toISOString().slice(0, 10)) ?? 0) + 1,
      );
    expect(perDay.size).toBeLessThan(90);
    expect(perDay.size).toBeGreaterThan(50);
    const counts = [...perDay.values()];
    expect(Math.max(...counts)).toBeGreaterThan(3 * Math.min(...counts));
    // Some owners hold several sub-domains.
    expect(new Set(subs.map((s) => s.ownerAddress)).size).toBeLessThan(subs.length);
  });

  test("the same instant gives the same data", () => {
    expect(demoSubdomains(NOW)).toEqual(demoSubdomains(NOW));
  });
});
