import "server-only";
import type { OrderStatus } from "@prisma/client";
import { db } from "@/lib/db";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { noteOrder } from "./order-state";
import { settlePaidOrder } from "./settle-payment";
import { inTransaction } from "./in-transaction";

// The chain watchers' callback: after a deposit address received confirmed transfers, the order
// follows what the payment now amounts to. Paid in full (or more) settles it; a shortfall is
// written into orderStatusReason and the order keeps waiting until the offer runs out.

export async function onCryptoPaymentCredited(paymentId: string, now = new Date()): Promise<OrderStatus | null> {
  const progress = await readPaymentProgress(paymentId);
  if (!progress) return null;
  const payment = await db().payment.findUnique({ where: { id: paymentId }, select: { orderId: true } });
  if (!payment) return null;
  const classification = classifyPayment({ ...progress, now });
  await db().payment.update({ where: { id: paymentId }, data: { status: classification.state } });

  if (classification.state === "paid" || classification.state === "overpaid") {
    return settlePaidOrder(payment.orderId, classification.reason);
  }
  const order = await db().order.findUnique({ where: { id: payment.orderId }, select: { orderStatus: true } });
  if (!order) return null;
  if (order.orderStatus === "PENDING" || order.orderStatus === "EXPIRED") {
    await inTransaction((tx) => noteOrder(tx, payment.orderId, order.orderStatus, classification.reason));
  }
  return order.orderStatus;
}
