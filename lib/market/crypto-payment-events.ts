import "server-only";
import type { OrderStatus } from "@prisma/client";
import { settlePayment } from "./settle-payment";

// The chain watchers' callback, after a deposit address received confirmed transfers: the fast
// path of settlement. Paid in full (within the dust tolerance) settles the order; a shortfall is
// written into orderStatusReason while the offer runs; money the order cannot use is owed back.

export function onCryptoPaymentCredited(paymentId: string, now = new Date()): Promise<OrderStatus | null> {
  return settlePayment(paymentId, now);
}
