import { expect, test } from "vitest";
import { classifyPayment, dustTolerance } from "@/lib/payments/crypto/classify-payment";

const expiresAt = new Date("2026-01-01T12:15:00.000Z");
const before = new Date("2026-01-01T12:10:00.000Z");
const after = new Date("2026-01-01T12:20:00.000Z");
const eth = (due: string, received: string, firstSeenAt: Date | null, now = before) =>
  classifyPayment({
    currency: "ETH",
    decimals: 18,
    amountDue: due,
    amountReceived: received,
    expiresAt,
    firstSeenAt,
    now,
  });

test("nothing received yet, then nothing received by the expiry", () => {
  expect(eth("12000000000000000", "0", null)).toEqual({
    state: "unpaid",
    late: false,
    reason: "Awaiting payment of 0.012 ETH.",
  });
  expect(eth("12000000000000000", "0", null, after)).toEqual({
    state: "unpaid",
    late: false,
    reason: "No payment was received before the offer expired; 0.012 ETH was due.",
  });
});

test("underpaid, with both amounts written to the same precision", () => {
  expect(eth("12000000000000000", "10100000000000000", before)).toEqual({
    state: "underpaid",
    late: false,
    reason: "Underpaid: received 0.0101 ETH of 0.0120 ETH due; 0.0019 ETH is missing.",
  });
});

test("paid exactly", () => {
  expect(eth("12000000000000000", "12000000000000000", before)).toEqual({
    state: "paid",
    late: false,
    reason: "Paid: received 0.012 ETH.",
  });
});

test("overpaid", () => {
  const result = classifyPayment({
    currency: "USDC",
    decimals: 6,
    amountDue: 12_340_000n,
    amountReceived: 20_000_000n,
    expiresAt,
    firstSeenAt: before,
  });
  expect(result).toEqual({
    state: "overpaid",
    late: false,
    reason: "Overpaid: received 20.00 USDC of 12.34 USDC due; 7.66 USDC more than due.",
  });
});

test("late payments say so whatever the amount", () => {
  const paidLate = eth("12000000000000000", "12000000000000000", after, after);
  expect(paidLate.state).toBe("paid");
  expect(paidLate.late).toBe(true);
  expect(paidLate.reason).toBe(
    "Paid: received 0.012 ETH. The payment arrived after the offer expired at 2026-01-01T12:15:00.000Z.",
  );
  const underLate = classifyPayment({
    currency: "BTC",
    decimals: 8,
    amountDue: "166667",
    amountReceived: "100000",
    expiresAt,
    firstSeenAt: after,
  });
  expect(underLate).toMatchObject({ state: "underpaid", late: true });
  expect(underLate.reason).toBe(
    "Underpaid: received 0.00100000 BTC of 0.00166667 BTC due; 0.00066667 BTC is missing. The payment " +
      "arrived after the offer expired at 2026-01-01T12:15:00.000Z.",
  );
});

test("dust tolerance: the larger of one unit at the display precision and 0.01% of the amount due", () => {
  // ETH: 0.01% of 0.0333 ETH beats 1e-8 ETH; a small amount falls back to 1e-8 ETH (10^10 wei).
  expect(dustTolerance(33_333_333_333_333_334n, 18, "ETH")).toBe(3_333_333_333_334n);
  expect(dustTolerance(1_000_000_000_000n, 18, "ETH")).toBe(10_000_000_000n);
  // USDC: one cent; BTC: 0.01% of 33334 sat rounds up to 4 sat.
  expect(dustTolerance(20_000_000n, 6, "USDC")).toBe(10_000n);
  expect(dustTolerance(33_334n, 8, "BTC")).toBe(4n);
});

test("a payment within the dust tolerance is paid; just outside it is under- or overpaid", () => {
  // 0.033333333333333334 ETH read as a double is 0.03333333333333333: 4 wei short.
  const shown = BigInt(Math.round(Number("0.033333333333333334") * 1e18));
  expect(shown).toBeLessThan(33_333_333_333_333_334n);
  const paid = eth("33333333333333334", shown.toString(), before);
  expect(paid.state).toBe("paid");
  expect(paid.reason).toContain("within the dust tolerance");
  const tolerance = dustTolerance(33_333_333_333_333_334n, 18, "ETH");
  expect(eth("33333333333333334", (33_333_333_333_333_334n - tolerance).toString(), before).state).toBe("paid");
  expect(eth("33333333333333334", (33_333_333_333_333_334n - tolerance - 1n).toString(), before).state).toBe(
    "underpaid",
  );
  expect(eth("33333333333333334", (33_333_333_333_333_334n + tolerance).toString(), before).state).toBe("paid");
  expect(eth("33333333333333334", (33_333_333_333_333_334n + tolerance + 1n).toString(), before).state).toBe(
    "overpaid",
  );
});
