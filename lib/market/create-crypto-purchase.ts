import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError, badRequest } from "@/lib/api/errors";
import type { CryptoPurchaseRequest, CryptoPurchaseResponse } from "@/lib/api/schemas/market";
import { createCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import {
  CurrencyUnavailableError,
  resolvePaymentCurrency,
  UnsupportedCurrencyError,
} from "@/lib/payments/crypto/currencies";
import { recordCreation } from "./order-state";
import { orderFieldsOf, quotePurchase } from "./quote-purchase";
import { reserveNameOrThrow } from "./reserve-name";
import { exactNumber } from "./exact-number";
import { inTransaction } from "./in-transaction";
import { enforceUnpaidHoldLimits } from "./unpaid-holds";

// Endpoint 12: the name's hold, a fresh deposit address, the order and its payment, in one
// transaction, so a refused purchase leaves nothing behind and no address is handed out twice.

export async function createCryptoPurchase(
  body: CryptoPurchaseRequest,
  client: { clientAddress: string },
): Promise<CryptoPurchaseResponse> {
  try {
    // Outside the transaction: a custom USDC contract's decimals are read from the chain once.
    await resolvePaymentCurrency(body.currency);
  } catch (error) {
    if (error instanceof UnsupportedCurrencyError) throw badRequest("currency", error.message);
    if (error instanceof CurrencyUnavailableError) throw new ApiError(503, "currency", error.message);
    throw error;
  }
  const quote = await quotePurchase(body);
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const now = new Date();

  const offer = await inTransaction(async (tx) => {
    await enforceUnpaidHoldLimits(
      tx,
      { clientAddress: client.clientAddress, ownerAddress: quote.ownerAddress, ownerEmail: body.ownerEmail },
      now,
    );
    await reserveNameOrThrow(tx, quote.name, orderId, now);
    const offer = await createCryptoOffer({
      paymentId,
      orderId,
      currency: body.currency,
      usdCents: quote.totalCents,
      client: tx,
      now,
      label: quote.name,
    });
    const reason = `Awaiting payment of ${offer.amountDecimal} ${offer.currency} to ${offer.address}.`;
    await tx.order.create({
      data: {
        ...orderFieldsOf(quote, orderId),
        ownerEmail: body.ownerEmail,
        ownerName: body.ownerName,
        walletAddrs: body.walletAddrs,
        currency: offer.currency,
        price: offer.amountDecimal,
        paymentType: "crypto",
        paymentReferenceId: paymentId,
        orderStatusReason: reason,
        clientAddress: client.clientAddress,
        expiresAt: offer.payment.expiresAt,
        createdAt: now,
      },
    });
    await tx.payment.create({ data: offer.payment });
    await recordCreation(tx, orderId, reason);
    return offer;
  });

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
