import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError, badRequest } from "@/lib/contract/errors";
import type { CryptoPurchaseRequest, CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { db } from "@/lib/db";
import { createCryptoOffer, releaseCryptoOffer, type CryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import {
  CurrencyUnavailableError,
  resolvePaymentCurrency,
  UnsupportedCurrencyError,
} from "@/lib/payments/crypto/currencies";
import { currentRates } from "@/lib/payments/crypto/rates";
import { orderFieldsOf, quotePurchase } from "./quote-purchase";
import { cryptoSaleFeeCents } from "./platform-fee";
import { writeOrderHoldingName } from "./reserve-name";
import { exactNumber } from "./exact-number";
import { attributedToCreator, enforceUnpaidHoldLimits, withinHoldLimits, type Creator } from "./unpaid-holds";

// Endpoint 12. The offer (price quote, deposit address, rate) is made before the order is written,
// its index taken in a statement that commits at once, so no purchase waits on another's counter
// row lock or elliptic-curve work; then one statement holds the name and writes the order and its
// payment (in a transaction with the unpaid-hold check when that is configured). When that fails
// (the name or the last hold taken meanwhile), the index is given back, so a refused purchase
// leaves nothing behind and no address is handed out twice.

/**
 * 400 for a currency not sold, 503 when it cannot be offered now (a custom USDC contract unread, or
 * no exchange rate young enough), before anything is quoted or held.
 */
export async function assertCurrencyOffered(currency: string): Promise<void> {
  try {
    // A custom USDC contract's decimals are read from the chain once.
    await resolvePaymentCurrency(currency);
    await currentRates();
  } catch (error) {
    if (error instanceof UnsupportedCurrencyError) throw badRequest("currency", error.message);
    if (error instanceof CurrencyUnavailableError) throw new ApiError(503, "currency", error.message);
    throw error;
  }
}

export async function createCryptoPurchase(
  request: CryptoPurchaseRequest,
  creator: Creator,
): Promise<CryptoPurchaseResponse> {
  const body = attributedToCreator(request, creator);
  await assertCurrencyOffered(body.currency);
  const quote = await quotePurchase(body);
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const now = new Date();
  // Refused before a deposit index is taken, so a refusal changes nothing; checked again in the
  // transaction under the creator's lock, where concurrent purchases cannot both pass.
  await enforceUnpaidHoldLimits(db(), creator, now);
  const offer = await createCryptoOffer({
    paymentId,
    orderId,
    currency: body.currency,
    usdCents: quote.totalCents,
    now,
    label: quote.name,
  });

  try {
    const reason = `Awaiting payment of ${offer.amountDecimal} ${offer.currency} to ${offer.address}.`;
    await withinHoldLimits(creator, now, (q) =>
      writeOrderHoldingName(
        q,
        {
          ...orderFieldsOf(quote, orderId),
          ownerEmail: body.ownerEmail,
          ownerName: body.ownerName,
          walletAddrs: body.walletAddrs,
          currency: offer.currency,
          price: offer.amountDecimal,
          paymentType: "crypto",
          paymentReferenceId: paymentId,
          orderStatusReason: reason,
          clientAddress: creator.clientAddress,
          creatorPartnerId: creator.partnerId ?? null,
          expiresAt: offer.payment.expiresAt,
        },
        {
          ...offer.payment,
          platformFeeCents: cryptoSaleFeeCents({
            parentId: quote.parentId,
            partnerId: quote.sellerPartnerId,
            totalCents: quote.totalCents,
          }),
        },
        reason,
        now,
      ),
    );
  } catch (error) {
    await releaseCryptoOffer(offer);
    throw error;
  }

  return offerResponse(offer, orderId, paymentId);
}

/** What endpoint 12 (and a crypto renewal) answers for an offer written with its order. */
export function offerResponse(offer: CryptoOffer, orderId: string, paymentId: string): CryptoPurchaseResponse {
  return {
    address: offer.address,
    // The exact decimal the URI carries, written as a JSON number without going through a double.
    amount: exactNumber(offer.amountDecimal),
    expiryDateEpoch: offer.expiryDateEpoch,
    orderId,
    paymentId,
    protocol: offer.protocol,
    uri: offer.uri,
    paymentDetails: offer.paymentDetails,
  };
}
