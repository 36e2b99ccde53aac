import "server-only";
import { config } from "@/lib/config";

// A registered name's life: `active` until it expires (it resolves), then `grace` for
// GRACE_PERIOD_DAYS (it no longer resolves, anyone may renew it, nobody may buy it), then
// `released` (back on the market: a purchase registers it anew). A name without an expiry (a
// sub-domain its parent's partner issued) stays active. A suspended name (its payment was reversed)
// is never released: it stays off the market, whatever its expiry.

export type NameState = "active" | "grace" | "released";

const DAY_MS = 86_400_000;

export function graceEndsAt(expiresAt: Date, graceDays = config().GRACE_PERIOD_DAYS): Date {
  return new Date(expiresAt.getTime() + graceDays * DAY_MS);
}

export function nameState(expiresAt: Date | null, now = new Date(), graceDays = config().GRACE_PERIOD_DAYS): NameState {
  if (expiresAt === null || now.getTime() < expiresAt.getTime()) return "active";
  return now.getTime() < graceEndsAt(expiresAt, graceDays).getTime() ? "grace" : "released";
}

/** At `now`, a registration that expired at or before this instant is released. */
export function releasedBefore(now = new Date(), graceDays = config().GRACE_PERIOD_DAYS): Date {
  return new Date(now.getTime() - graceDays * DAY_MS);
}

/** True when a registration (null: the name has none) is not yet back on the market. */
export function keepsNameOffMarket(
  registration: { expiresAt: Date | null; suspendedAt?: Date | null } | null,
  now = new Date(),
): boolean {
  if (registration === null) return false;
  return Boolean(registration.suspendedAt) || nameState(registration.expiresAt, now) !== "released";
}

export function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
