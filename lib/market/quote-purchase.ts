import "server-only";
import type { Prisma } from "@prisma/client";
import { getAddress } from "viem";
import { ApiError, badRequest, conflict, notFound } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { checkAvailability } from "./catalogue";
import { BASE_CURRENCY, totalPriceCents } from "./pricing";

// The checks both purchase endpoints share before anything is written: the name is for sale and
// free, the partner exists, and the price for the years asked.

export interface PurchaseQuote {
  name: string;
  ownerAddress: string;
  years: number;
  perYearCents: number;
  totalCents: number;
  partnerId: string | null;
  parentId: string | null;
}

/** The order columns a quote decides, the same for every way of paying. */
export function orderFieldsOf(quote: PurchaseQuote, orderId: string) {
  return {
    id: orderId,
    domain: quote.name,
    parentId: quote.parentId,
    partnerId: quote.partnerId,
    ownerAddress: quote.ownerAddress,
    years: quote.years,
    baseCurrency: BASE_CURRENCY,
    basePriceCents: quote.totalCents,
  };
}

export function unavailableError(reason: string, message: string): ApiError {
  return reason === "taken" || reason === "grace" || reason === "reserved"
    ? conflict("domain", message)
    : badRequest("domain", message);
}

export async function quotePurchase(
  input: { domain: string; ownerAddress: string; years: number; partnerId?: string },
  client?: Prisma.TransactionClient,
): Promise<PurchaseQuote> {
  const [availability] = await checkAvailability([input.domain], { client });
  if (!availability.available) throw unavailableError(availability.reason, availability.message);
  if (input.partnerId) {
    const partner = await (client ?? db()).partner.findUnique({ where: { id: input.partnerId }, select: { id: true } });
    if (!partner) throw notFound("partnerId", "No partner has this id.");
  }
  return {
    name: availability.name,
    ownerAddress: getAddress(input.ownerAddress),
    years: input.years,
    perYearCents: availability.perYearCents,
    totalCents: totalPriceCents(availability.perYearCents, input.years),
    // A sub-domain sale counts among the parent owner's purchases when no partner is named.
    partnerId: input.partnerId ?? availability.parent?.partnerId ?? null,
    parentId: availability.parent?.id ?? null,
  };
}
