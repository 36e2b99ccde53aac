// Amount columns are numeric (issue 35): Prisma reads them as Decimal, while tests state amounts
// as the decimal strings the API answers. In toEqual and toMatchObject a Decimal equals the string
// of exactly its digits ("5000", never "5e3" or "5000.0"); anything else compares as before.
import { Prisma } from "@prisma/client";
import { expect } from "vitest";

function decimalEqualsText(a: unknown, b: unknown): boolean | undefined {
  if (a instanceof Prisma.Decimal && typeof b === "string") return a.toFixed() === b;
  if (typeof a === "string" && b instanceof Prisma.Decimal) return b.toFixed() === a;
  return undefined;
}

expect.addEqualityTesters([decimalEqualsText]);
