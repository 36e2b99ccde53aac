// Amounts are numeric columns (integers in the smallest unit, rates with a fraction); Prisma reads
// them as Decimal. Code does its arithmetic on bigint and answers decimal strings: these are the
// only crossings, exact both ways. Decimal's own toString() and JSON switch to exponent notation
// from 21 digits, so nothing else should turn one into text.

import { Prisma } from "@prisma/client";

type Stored = Prisma.Decimal | string | bigint;

/** An integer amount column as a bigint (a fraction, which these columns cannot hold, throws). */
export function atomic(value: Stored): bigint {
  if (typeof value === "bigint") return value;
  return BigInt(typeof value === "string" ? value : value.toFixed());
}

/** An integer amount column as its decimal string, every digit written ("123456789012345678901234567890"). */
export function atomicText(value: Stored): string {
  return atomic(value).toString();
}

/** A rate column as a decimal string without exponent ("3456.78", "0.000001"); null stays null. */
export function decimalText(value: Prisma.Decimal | string | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.toFixed();
}

/** A bigint or decimal string as Prisma's Decimal, for comparing with what Prisma read. */
export function decimalOf(value: bigint | string): Prisma.Decimal {
  return new Prisma.Decimal(value.toString());
}

/** What an amount column holds as Prisma reads it, or as a raw query or a test gives it. */
export type StoredAmount = Stored;
