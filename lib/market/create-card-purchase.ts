import "server-only";
import { randomUUID } from "node:crypto";
import type { Order, Payment } from "@prisma/client";
import { ApiError, conflict } from "@/lib/api/errors";
import type { PurchaseRequest } from "@/lib/api/schemas/market";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { normalizeWeb3Name } from "@/lib/names/normalize";
import { configuredCardProcessor, cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import type { CardSession } from "@/lib/payments/card/card-processor";
import { recordCreation, transitionOrder } from "./order-state";
import { BASE_CURRENCY, centsToDecimal } from "./pricing";
import { orderFieldsOf, quotePurchase } from "./quote-purchase";
import { requestHash } from "./request-hash";
import { reserveNameOrThrow } from "./reserve-name";
import { inTransaction } from "./in-transaction";

// Endpoint 11. The order, its payment row and the name's hold are written in one transaction;
// the processor's PaymentIntent is made after the commit with checkoutId as its idempotency key.
// The same checkoutId with the same body answers the same order and session; with another body, 409.

export interface CardPurchaseResult {
  checkoutId: string;
  orderId: string;
  processorCheckoutSession: string;
  processorCustomerId: string;
  processorEphemeralKey: string;
  processorPublishableKey: string;
}

const AWAITING_CARD = "Awaiting card payment.";

function fingerprint(body: PurchaseRequest): string {
  let domain = body.domain;
  try {
    domain = normalizeWeb3Name(body.domain);
  } catch {
    // An invalid name is refused later; its raw form is fingerprint enough.
  }
  return requestHash({ ...body, domain, ownerAddress: body.ownerAddress.toLowerCase() });
}

export async function createCardPurchase(body: PurchaseRequest): Promise<CardPurchaseResult> {
  const hash = fingerprint(body);
  const existing = await findByCheckoutId(body.checkoutId);
  if (existing) return replay(existing, hash);

  const quote = await quotePurchase(body);
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const processor = configuredCardProcessor();
  const now = new Date();
  try {
    await inTransaction(async (tx) => {
      await reserveNameOrThrow(tx, quote.name, orderId, now);
      await tx.order.create({
        data: {
          ...orderFieldsOf(quote, orderId),
          externalUserId: body.externalUserId ?? null,
          walletAddrs: body.walletAddrs,
          currency: BASE_CURRENCY,
          price: centsToDecimal(quote.totalCents),
          paymentType: "card",
          paymentReferenceId: paymentId,
          orderStatusReason: AWAITING_CARD,
          checkoutId: body.checkoutId,
          requestHash: hash,
          expiresAt: new Date(now.getTime() + config().PAYMENT_OFFER_MINUTES * 60_000),
          createdAt: now,
        },
      });
      await tx.payment.create({
        data: {
          id: paymentId,
          orderId,
          processor: processor.name,
          connectedAccountId: body.processorConnectedAccountId ?? null,
          amountDue: String(quote.totalCents),
          status: "creating",
        },
      });
      await recordCreation(tx, orderId, AWAITING_CARD);
    });
  } catch (error) {
    // A concurrent request with the same checkoutId won the insert: answer as its replay.
    const raced = await findByCheckoutId(body.checkoutId);
    if (raced) return replay(raced, hash);
    throw error;
  }
  const order = await findByCheckoutId(body.checkoutId);
  return ensureSession(order!);
}

export type OrderWithPayment = Order & { payment: Payment | null };

export function findByCheckoutId(checkoutId: string): Promise<OrderWithPayment | null> {
  return db().order.findUnique({ where: { checkoutId }, include: { payment: true } });
}

export async function replay(order: OrderWithPayment, hash: string): Promise<CardPurchaseResult> {
  if (order.requestHash !== hash) {
    throw conflict(
      "checkoutId",
      "This checkoutId was already used with a different request body; use a new checkoutId for a new purchase.",
    );
  }
  return ensureSession(order);
}

/** The processor session of the order: made now if the first attempt did not get that far. */
export async function ensureSession(order: OrderWithPayment): Promise<CardPurchaseResult> {
  const payment = order.payment!;
  const processor = cardProcessorNamed(payment.processor);
  if (!processor)
    throw new ApiError(
      409,
      "checkoutId",
      `This order was started with the ${payment.processor} processor, which is no longer configured.`,
    );
  let session: CardSession;
  try {
    session = payment.processorRef
      ? await processor.resumeSession({
          paymentIntentId: payment.processorRef,
          customerId: payment.processorCustomerId ?? "",
          checkoutId: order.checkoutId!,
        })
      : await processor.openSession({
          checkoutId: order.checkoutId!,
          orderId: order.id,
          amountCents: Number(payment.amountDue),
          currency: "usd",
          connectedAccountId: payment.connectedAccountId,
          externalUserId: order.externalUserId,
          description: `${order.kind === "RENEWAL" ? "Renewal of " : ""}${order.domain} for ${order.years} year${order.years === 1 ? "" : "s"}`,
        });
  } catch (error) {
    if (!payment.processorRef) {
      await inTransaction((tx) =>
        transitionOrder(tx, {
          orderId: order.id,
          to: "FAILED",
          from: ["PENDING"],
          reason: "The card processor could not start the payment; the name was released.",
        }),
      );
    }
    console.error(
      `[market] card processor ${processor.name} failed for order ${order.id}:`,
      error instanceof Error ? error.message : error,
    );
    throw new ApiError(502, "processor", "The card processor did not answer; retry with the same checkoutId.");
  }
  if (!payment.processorRef) {
    await db().payment.update({
      where: { id: payment.id },
      data: {
        processorRef: session.paymentIntentId,
        processorCustomerId: session.customerId,
        status: "requires_payment_method",
      },
    });
  }
  return {
    checkoutId: order.checkoutId!,
    orderId: order.id,
    processorCheckoutSession: session.clientSecret,
    processorCustomerId: session.customerId,
    processorEphemeralKey: session.ephemeralKey,
    processorPublishableKey: session.publishableKey,
  };
}
