import "server-only";
import type { OrderStatus } from "@prisma/client";
import { fulfilOrder } from "./fulfil-order";
import { markRenewalPaid } from "./fulfil-renewal";
import { noteOrder, transitionOrder } from "./order-state";
import { tryReserveName } from "./reserve-name";
import { inTransaction } from "./in-transaction";

// A confirmed payment, whoever reports it (Stripe webhook, test checkout, order read, chain
// watcher): the order becomes PAID, then is fulfilled. A payment for an order that had expired or
// failed is honoured when the name can still be held, and otherwise reported for a refund.

export const PAID_REASON = "Payment confirmed; registering the name.";

/** Marks the order PAID (idempotent); answers the status it has afterwards. */
export async function markOrderPaid(
  orderId: string,
  reason = PAID_REASON,
  now = new Date(),
): Promise<OrderStatus | null> {
  return inTransaction(async (tx) => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: { orderStatus: true, domain: true, kind: true },
    });
    if (!order) return null;
    if (order.orderStatus === "PAID" || order.orderStatus === "COMPLETED") return order.orderStatus;
    if (order.kind === "RENEWAL") return markRenewalPaid(tx, orderId, order.orderStatus, reason, now);
    if (order.orderStatus === "PENDING") {
      const held = await tx.nameReservation.findUnique({ where: { orderId }, select: { domain: true } });
      if (held) {
        if (await transitionOrder(tx, { orderId, to: "PAID", from: ["PENDING"], reason, data: { paidAt: now } }))
          return "PAID";
        const current = await tx.order.findUnique({ where: { id: orderId }, select: { orderStatus: true } });
        if (current?.orderStatus === "PAID" || current?.orderStatus === "COMPLETED") return current.orderStatus;
      }
    }
    // Expired, failed, or its hold was taken over: the payment still counts if the name is free.
    if (await tryReserveName(tx, order.domain, orderId, now)) {
      await transitionOrder(tx, {
        orderId,
        to: "PAID",
        reason: `${reason} It arrived after the order had ${order.orderStatus === "FAILED" ? "failed" : "expired"}; the name was still free.`,
        data: { paidAt: now },
      });
      return "PAID";
    }
    const refund = `Payment received after the order had ${order.orderStatus === "FAILED" ? "failed" : "expired"}, but ${order.domain} is no longer available; a refund is due.`;
    if (!(await transitionOrder(tx, { orderId, to: "FAILED", reason: refund })))
      await noteOrder(tx, orderId, "FAILED", refund);
    return "FAILED";
  });
}

/** PAID then COMPLETED; the status the order ends in. */
export async function settlePaidOrder(orderId: string, reason?: string): Promise<OrderStatus | null> {
  const status = await markOrderPaid(orderId, reason);
  if (status !== "PAID") return status;
  return fulfilOrder(orderId);
}
