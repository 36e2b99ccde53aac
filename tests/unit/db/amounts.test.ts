import { Prisma } from "@prisma/client";
import { expect, test } from "vitest";
import { atomic, atomicText, decimalOf, decimalText } from "@/lib/db/amounts";

const BIG = "123456789012345678901234567890";

test("an amount crosses between Decimal and bigint exactly, without exponent notation", () => {
  const stored = new Prisma.Decimal(BIG);
  // What the helpers exist for: Decimal's own text switches to an exponent at 21 digits.
  expect(stored.toString()).toBe("1.2345678901234567890123456789e+29");
  expect(atomic(stored)).toBe(123456789012345678901234567890n);
  expect(atomicText(stored)).toBe(BIG);
  expect(atomicText(new Prisma.Decimal("-5000"))).toBe("-5000");
  expect(atomic("42")).toBe(42n);
  expect(atomic(7n)).toBe(7n);
  expect(decimalOf(2n ** 255n).toFixed()).toBe((2n ** 255n).toString());
  expect(atomic(decimalOf(10n ** 77n))).toBe(10n ** 77n);
});

test("an integer amount with a fraction is refused, never rounded", () => {
  expect(() => atomic(new Prisma.Decimal("1.5"))).toThrow(SyntaxError);
});

test("a rate keeps its digits as decimal text", () => {
  expect(decimalText(new Prisma.Decimal("3456.78"))).toBe("3456.78");
  expect(decimalText(new Prisma.Decimal("0.0000001"))).toBe("0.0000001");
  expect(decimalText("0.5")).toBe("0.5");
  expect(decimalText(null)).toBeNull();
});
