// Stores an order and its crypto payment the way the marketplace does, so the watchers have
// something to watch.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createCryptoOffer, type CryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";

export async function insertCryptoOrder(
  currency: string,
  usdCents: number,
  now?: Date,
): Promise<CryptoOffer & { paymentId: string }> {
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const offer = await createCryptoOffer({ paymentId, orderId, currency, usdCents, now });
  await db().order.create({
    data: {
      id: orderId,
      domain: `pay-${orderId.slice(0, 8)}.web3`,
      ownerAddress: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
      years: 1,
      basePriceCents: usdCents,
      currency: offer.currency,
      price: offer.amountDecimal,
      paymentType: "crypto",
      paymentReferenceId: paymentId,
      expiresAt: offer.payment.expiresAt,
    },
  });
  await db().payment.create({ data: offer.payment });
  return { ...offer, paymentId };
}
