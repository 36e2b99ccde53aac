import { expect, test } from "vitest";
import { ExactNumber } from "@/lib/contract/schemas/exact-number";
import { exactNumber } from "@/lib/market/exact-number";

test("a decimal string is written into JSON digit for digit, as a number", () => {
  const body = JSON.stringify({ amount: exactNumber("0.033333333333333334"), price: exactNumber("20.00") });
  expect(body).toBe('{"amount":0.033333333333333334,"price":20}');
  // Through a double the same value loses its last digits: the reason for writing it raw.
  expect(JSON.stringify({ amount: Number("0.033333333333333334") })).toBe('{"amount":0.03333333333333333}');
  expect(JSON.stringify([exactNumber("0.0120"), exactNumber("100"), exactNumber("0.000")])).toBe("[0.012,100,0]");
});

test("only plain decimals are accepted", () => {
  for (const bad of ["1e5", "0x10", "", "1.", ".5", "NaN", "1,5", "01"]) expect(() => exactNumber(bad), bad).toThrow();
});

test("the schema takes a raw decimal and a plain number, nothing else", () => {
  const schema = ExactNumber("test");
  expect(schema.safeParse(exactNumber("1.5")).success).toBe(true);
  expect(schema.safeParse(1.5).success).toBe(true);
  expect(schema.safeParse("1.5").success).toBe(false);
  expect(schema.safeParse(Number.NaN).success).toBe(false);
});
