import "server-only";
import { randomUUID } from "node:crypto";
import { badRequest, conflict, notFound } from "@/lib/contract/errors";
import type { CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import type { CryptoRenewalRequest, RenewalRequest } from "@/lib/contract/schemas/owner";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import { createCryptoOffer, releaseCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import { configuredCardProcessor } from "@/lib/payments/card/card-processor-of";
import { nameState } from "@/lib/registry/name-lifecycle";
import {
  ensureSession,
  findByCheckoutId,
  replay,
  cardPaymentRow,
  type CardPurchaseResult,
} from "./create-card-purchase";
import { assertCurrencyOffered, offerResponse } from "./create-crypto-purchase";
import { writeOrder, type OrderWithPayment } from "./order-rows";
import { payoutAccountOf } from "./payout-account";
import { cryptoSaleFeeCents } from "./platform-fee";
import { BASE_CURRENCY, centsToDecimal, tldNamePricePerYearCents, totalPriceCents } from "./pricing";
import { exactNumber } from "./exact-number";
import { requestHash } from "./request-hash";
import { enforceUnpaidHoldLimits, withinHoldLimits, type Creator } from "./unpaid-holds";

// POST /v1/market/renew (card) and POST /v1/market/crypto/renew: more years for a registered
// name, paid by anyone, through the purchase's checkout and order states. The order holds no name
// (see fulfil-renewal.ts). A renewal is for sale while the name is registered or in its grace
// period, at the name's price today; checkoutId replays the same order for the same body. Card
// money goes where a purchase of the name would send it (the parent partner's connected account
// for a sub-domain, the platform for a second-level name); the request has no say in it. An unpaid
// renewal counts against its creator's bound as a purchase does (lib/market/unpaid-holds.ts), never
// against the name's owner; one made with a partner's token is attributed to that partner where
// the name is not a sub-domain (whose sales are its parent partner's).

interface RenewalQuote {
  name: string;
  ownerAddress: string;
  years: number;
  totalCents: number;
  partnerId: string | null;
  parentId: string | null;
  nameService: string;
}

function normalized(domain: string): string {
  try {
    return normalizeWeb3Name(domain);
  } catch (error) {
    if (error instanceof InvalidNameError) throw badRequest("domain", error.message);
    throw error;
  }
}

async function quoteRenewal(input: { domain: string; years: number }, now = new Date()): Promise<RenewalQuote> {
  const name = normalized(input.domain);
  const domain = await db().domain.findUnique({
    where: { name },
    select: {
      ownerAddress: true,
      expiresAt: true,
      suspendedAt: true,
      label: true,
      tldRef: { select: { nameService: true } },
      parent: { select: { id: true, partnerId: true, subdomainPriceCents: true } },
    },
  });
  if (!domain) throw notFound("domain", `${name} is not registered: search for it to buy it.`);
  if (domain.expiresAt === null) throw badRequest("domain", `${name} does not expire: there is nothing to renew.`);
  if (domain.suspendedAt)
    throw conflict("domain", `${name} is suspended (its payment was reversed): it cannot be renewed.`);
  if (nameState(domain.expiresAt, now) === "released")
    throw conflict("domain", `${name}'s grace period has ended: it is back on the market; buy it instead.`);
  const perYearCents = domain.parent ? domain.parent.subdomainPriceCents : tldNamePricePerYearCents(domain.label);
  if (perYearCents === null)
    throw conflict("domain", `The parent of ${name} no longer sets a sub-domain price: ask its owner to renew it.`);
  return {
    name,
    ownerAddress: domain.ownerAddress,
    years: input.years,
    totalCents: totalPriceCents(perYearCents, input.years),
    // A sub-domain's renewal is a sale of its parent's partner, as its purchase was.
    partnerId: domain.parent?.partnerId ?? null,
    parentId: domain.parent?.id ?? null,
    nameService: domain.tldRef.nameService,
  };
}

function renewalOrderFields(
  quote: RenewalQuote,
  creator: Creator,
  orderId: string,
  checkoutId: string,
  hash: string,
  now: Date,
) {
  return {
    id: orderId,
    kind: "RENEWAL" as const,
    domain: quote.name,
    nameService: quote.nameService,
    parentId: quote.parentId,
    partnerId: quote.parentId ? quote.partnerId : (creator.partnerId ?? null),
    clientAddress: creator.clientAddress,
    creatorPartnerId: creator.partnerId ?? null,
    ownerAddress: quote.ownerAddress,
    years: quote.years,
    baseCurrency: BASE_CURRENCY,
    basePriceCents: quote.totalCents,
    checkoutId,
    requestHash: hash,
    createdAt: now,
  };
}

const fingerprint = (method: string, body: { domain: string; years: number; currency?: string }) =>
  requestHash({ renewal: method, domain: normalized(body.domain), years: body.years, currency: body.currency });

const AWAITING_CARD = "Awaiting card payment for the renewal.";

export async function createCardRenewal(
  body: RenewalRequest,
  creator: Creator,
  now = new Date(),
): Promise<CardPurchaseResult> {
  const hash = fingerprint("card", body);
  const existing = await findByCheckoutId(body.checkoutId);
  if (existing) return replay(existing, hash);

  const processor = configuredCardProcessor();
  const quote = await quoteRenewal(body, now);
  // Who is paid is the server's decision, as for a purchase: the selling partner's connected account.
  const destination = await payoutAccountOf(quote.partnerId);
  const orderId = randomUUID();
  const paymentId = randomUUID();
  let order: OrderWithPayment;
  try {
    // One statement, in a transaction with the creator's count when a bound is set: a renewal
    // holds no name, but it costs a PaymentIntent and may hold money for a day.
    order = await withinHoldLimits(creator, now, (q) =>
      writeOrder(
        q,
        {
          ...renewalOrderFields(quote, creator, orderId, body.checkoutId, hash, now),
          currency: BASE_CURRENCY,
          price: centsToDecimal(quote.totalCents),
          paymentType: "card",
          paymentReferenceId: paymentId,
          orderStatusReason: AWAITING_CARD,
          expiresAt: new Date(now.getTime() + config().PAYMENT_OFFER_MINUTES * 60_000),
        },
        cardPaymentRow({ id: paymentId, orderId, processor, destination, cents: quote.totalCents }),
        AWAITING_CARD,
        now,
      ),
    );
  } catch (error) {
    // A concurrent request with the same checkoutId won the insert: answer as its replay.
    const raced = await findByCheckoutId(body.checkoutId);
    if (raced) return replay(raced, hash);
    throw error;
  }
  return ensureSession(order);
}

export async function createCryptoRenewal(
  body: CryptoRenewalRequest,
  creator: Creator,
  now = new Date(),
): Promise<CryptoPurchaseResponse> {
  const hash = fingerprint("crypto", body);
  const existing = await findByCheckoutId(body.checkoutId);
  if (existing) return cryptoReplay(existing, hash);

  await assertCurrencyOffered(body.currency);
  const quote = await quoteRenewal(body, now);
  const orderId = randomUUID();
  const paymentId = randomUUID();
  // As for a purchase (create-crypto-purchase.ts): refused before a deposit index is taken; the
  // offer is made before the transaction, and its deposit index given back when it fails.
  await enforceUnpaidHoldLimits(db(), creator, now);
  const offer = await createCryptoOffer({
    paymentId,
    orderId,
    currency: body.currency,
    usdCents: quote.totalCents,
    now,
    label: `Renewal of ${quote.name}`,
  });
  const response = offerResponse(offer, orderId, paymentId);
  const reason = `Awaiting payment of ${offer.amountDecimal} ${offer.currency} to ${offer.address} for the renewal.`;
  try {
    await withinHoldLimits(creator, now, (q) =>
      writeOrder(
        q,
        {
          ...renewalOrderFields(quote, creator, orderId, body.checkoutId, hash, now),
          currency: offer.currency,
          price: offer.amountDecimal,
          paymentType: "crypto",
          paymentReferenceId: paymentId,
          orderStatusReason: reason,
          expiresAt: offer.payment.expiresAt,
          replayResponse: response,
        },
        {
          ...offer.payment,
          platformFeeCents: cryptoSaleFeeCents({
            parentId: quote.parentId,
            partnerId: quote.partnerId,
            totalCents: quote.totalCents,
          }),
        },
        reason,
        now,
      ),
    );
  } catch (error) {
    await releaseCryptoOffer(offer);
    const raced = await findByCheckoutId(body.checkoutId);
    if (raced) return cryptoReplay(raced, hash);
    throw error;
  }
  return response;
}

function cryptoReplay(
  order: { requestHash: string | null; replayResponse: unknown; price: string },
  hash: string,
): CryptoPurchaseResponse {
  if (order.requestHash !== hash || !order.replayResponse) {
    throw conflict(
      "checkoutId",
      "This checkoutId was already used with a different request body; use a new checkoutId for a new renewal.",
    );
  }
  // The stored answer's amount came back through a double: written again from the exact price.
  return { ...(order.replayResponse as CryptoPurchaseResponse), amount: exactNumber(order.price) };
}
