import "server-only";
import { getAddress } from "viem";
import { ApiError, badRequest, conflict, notFound } from "@/lib/contract/errors";
import { first, sql, sqlBuilder } from "@/lib/db/sql";
import { checkAvailability } from "./catalogue";
import { uuid } from "./sql-casts";
import { BASE_CURRENCY, totalPriceCents } from "./pricing";

// The checks both purchase endpoints share before anything is written: the name is for sale and
// free, the partner is one the buyer may name, and the price for the years asked.
//
// Who a sale belongs to is the server's decision. A sub-domain is sold by its parent's partner,
// who keeps control of it; naming another partner is 400. On a second-level name `partnerId`
// only attributes the sale (it appears in that partner's purchases); the registry sells it, and
// the name belongs to no partner.

export interface PurchaseQuote {
  name: string;
  nameService: "native" | "ens";
  ownerAddress: string;
  years: number;
  perYearCents: number;
  totalCents: number;
  /** The partner the sale is attributed to (Order.partnerId). */
  partnerId: string | null;
  parentId: string | null;
  /** The partner selling the name: the parent's partner of a sub-domain, none for a second-level name. */
  sellerPartnerId: string | null;
  /** Where that partner's card sales are paid (its connected account), read with the name. */
  sellerPayoutAccountId: string | null;
}

/** The order columns a quote decides, the same for every way of paying. */
export function orderFieldsOf(quote: PurchaseQuote, orderId: string) {
  return {
    id: orderId,
    domain: quote.name,
    nameService: quote.nameService,
    parentId: quote.parentId,
    partnerId: quote.partnerId,
    ownerAddress: quote.ownerAddress,
    years: quote.years,
    baseCurrency: BASE_CURRENCY,
    basePriceCents: quote.totalCents,
  };
}

function unavailableError(reason: string, message: string): ApiError {
  return reason === "taken" || reason === "grace" || reason === "reserved"
    ? conflict("domain", message)
    : badRequest("domain", message);
}

export async function quotePurchase(input: {
  domain: string;
  ownerAddress: string;
  years: number;
  partnerId?: string;
}): Promise<PurchaseQuote> {
  // Whether a named partner exists is asked beside the name, not after it: a sub-domain ignores
  // the answer (its partner is its parent's), and a purchase waits for one statement instead of two.
  const [[availability], partnerExists] = await Promise.all([
    checkAvailability([input.domain]),
    input.partnerId
      ? first(
          sqlBuilder
            .selectFrom("partner")
            .select(sql<number>`1`.as("one"))
            .where("id", "=", uuid(input.partnerId)),
        ).then((row) => row !== undefined)
      : undefined,
  ]);
  if (!availability.available) throw unavailableError(availability.reason, availability.message);
  const parent = availability.parent;
  if (parent && input.partnerId && input.partnerId !== parent.partnerId)
    throw badRequest(
      "partnerId",
      `${availability.name} is a sub-domain of ${parent.name} and belongs to its partner; partnerId must ` +
        "be that partner's id or absent.",
    );
  if (!parent && partnerExists === false) throw notFound("partnerId", "No partner has this id.");
  return {
    name: availability.name,
    nameService: availability.nameService,
    ownerAddress: getAddress(input.ownerAddress),
    years: input.years,
    perYearCents: availability.perYearCents,
    totalCents: totalPriceCents(availability.perYearCents, input.years),
    partnerId: parent ? parent.partnerId : (input.partnerId ?? null),
    parentId: parent?.id ?? null,
    sellerPartnerId: parent?.partnerId ?? null,
    sellerPayoutAccountId: parent?.partnerId ? parent.payoutAccountId : null,
  };
}
