import "server-only";
import { config, type Config } from "@/lib/config";

// The platform's fee on a partner's sale: PLATFORM_FEE_PERCENT of the price, rounded to the cent,
// plus PLATFORM_FEE_FIXED_CENTS, never more than the price. On a card sale to the partner's
// connected account it is the charge's application_fee_amount: Stripe keeps it for the platform
// and pays its own processing fee out of it, rather than out of the platform's other money. A
// second-level name is the registry's own sale and pays no fee to anyone.

export function platformFeeCents(priceCents: number, cfg: Config = config()): number {
  if (priceCents <= 0) return 0;
  const fee = Math.round((priceCents * cfg.PLATFORM_FEE_PERCENT) / 100) + cfg.PLATFORM_FEE_FIXED_CENTS;
  return Math.min(fee, priceCents);
}

/**
 * The fee a partner's crypto sale (a sub-name of its parent) will be split at, decided with the
 * order like a card sale's, so a change of the fee's settings while the offer runs changes nothing
 * the buyer or the partner was shown. Null for the registry's own sales.
 */
export function cryptoSaleFeeCents(sale: { parentId: string | null; partnerId: string | null; totalCents: number }) {
  return sale.parentId && sale.partnerId ? platformFeeCents(sale.totalCents) : null;
}
