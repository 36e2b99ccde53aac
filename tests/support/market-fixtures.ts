// Catalogue fixtures for marketplace tests: native TLDs, a partner, and a parent domain that sells
// sub-domains.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { NewOrder, NewPayment } from "@/lib/market/order-rows";
import { createPartner } from "@/lib/partners/create-partner";
import { registerName } from "@/lib/registry/register-name";

export const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
export const ETH_WALLET = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
export const BTC_WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** A new card order of 10 USD for one year of `domain` and its payment, for writeOrder. */
export function newCardOrder(domain: string, expiresAt: Date): { order: NewOrder; payment: NewPayment } {
  const id = randomUUID();
  const paymentId = randomUUID();
  return {
    order: {
      id,
      domain,
      ownerAddress: OWNER,
      years: 1,
      baseCurrency: "USD",
      basePriceCents: 1000,
      currency: "USD",
      price: "10.00",
      paymentType: "card",
      paymentReferenceId: paymentId,
      orderStatusReason: "Awaiting card payment.",
      expiresAt,
    },
    payment: { id: paymentId, orderId: id, processor: "test", amountDue: "1000", status: "creating" },
  };
}

export async function seedCatalogue() {
  await db().tld.createMany({ data: [{ name: "web3" }, { name: "meta" }], skipDuplicates: true });
  const { partner, token } = await createPartner(`Shop ${randomUUID().slice(0, 6)}`);
  const parentName = `brand${randomUUID().slice(0, 6)}.web3`;
  await db().$transaction((tx) => registerName(tx, { name: parentName, ownerAddress: OWNER, partnerId: partner.id }));
  await db().domain.update({
    where: { name: parentName },
    data: { subdomainsEnabled: true, subdomainPriceCents: 250 },
  });
  return { partnerId: partner.id, adminToken: token.value, parentName };
}

export async function countRows() {
  const [orders, payments, reservations, events, intents, domains] = await Promise.all([
    db().order.count(),
    db().payment.count(),
    db().nameReservation.count(),
    db().orderEvent.count(),
    db().testPaymentIntent.count(),
    db().domain.count(),
  ]);
  return { orders, payments, reservations, events, intents, domains };
}
