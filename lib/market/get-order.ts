import "server-only";
import { notFound } from "@/lib/contract/errors";
import type { Order } from "@/lib/contract/schemas/market";
import { db } from "@/lib/db";
import { syncCardPayment } from "./card-payment-events";
import { exactNumber } from "./exact-number";
import { centsToNumber } from "./pricing";
import { isInFlight } from "./reserve-name";
import { errorText, logger } from "@/lib/log";
import { atomicText } from "@/lib/db/amounts";

// Endpoint 13. A pending Stripe order is re-read from Stripe first (at most once per order every
// few seconds, however many read it), so a client polling after paying sees the order complete
// even before the webhook arrives.

export async function getOrderOrThrow(orderId: string): Promise<Order> {
  let order = await db().order.findUnique({ where: { id: orderId }, include: { payment: { select: SEEN } } });
  if (!order) throw notFound("orderID", "No order has this id.");
  if (order.orderStatus === "PENDING" && order.paymentType === "card") {
    try {
      await syncCardPayment(orderId);
      order = (await db().order.findUnique({ where: { id: orderId }, include: { payment: { select: SEEN } } }))!;
    } catch (error) {
      // The stored state is still right; the webhook will bring the news.
      logger("market").warn(`could not re-read the card payment of ${orderId}: ${errorText(error)}`);
    }
  }
  return {
    id: order.id,
    domain: order.domain,
    nameService: order.nameService as Order["nameService"],
    ownerAddress: order.ownerAddress,
    baseCurrency: order.baseCurrency,
    basePrice: centsToNumber(order.basePriceCents),
    currency: order.currency,
    price: exactNumber(order.price),
    paymentType: order.paymentType,
    paymentReferenceId: order.paymentReferenceId,
    orderStatus: order.orderStatus,
    orderStatusReason: order.orderStatusReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    ...(order.kind === "RENEWAL" && {
      renewal: {
        years: order.years,
        ...(order.nameExpiresAt && { nameExpiresAt: order.nameExpiresAt.toISOString() }),
      },
    }),
    ...(order.payment &&
      !order.payment.unconfirmedAmount.isZero() && {
        paymentSeen: {
          amountAtomic: atomicText(order.payment.unconfirmedAmount),
          confirmations: order.payment.unconfirmedConfirmations,
          confirmationsRequired: order.payment.confirmationsRequired ?? 1,
          seenAt: (order.payment.unconfirmedSince ?? order.updatedAt).toISOString(),
          holdsName: order.orderStatus === "PENDING" && isInFlight(order.payment),
        },
      }),
  };
}

const SEEN = {
  unconfirmedAmount: true,
  unconfirmedConfirmations: true,
  confirmationsRequired: true,
  unconfirmedSince: true,
  inFlightUntil: true,
} as const;
