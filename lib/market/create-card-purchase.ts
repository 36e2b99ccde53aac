import "server-only";
import { randomUUID } from "node:crypto";
import type { Order } from "@prisma/client";
import { ApiError, badRequest, conflict } from "@/lib/contract/errors";
import type { PurchaseRequest } from "@/lib/contract/schemas/market";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { normalizeWeb3Name } from "@/lib/names/normalize";
import { configuredCardProcessor, cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import type { CardProcessor, CardSession, EphemeralKey } from "@/lib/payments/card/card-processor";
import { readOrderWithPayment, type NewPayment, type OrderWithPayment } from "./order-rows";
import { BASE_CURRENCY, centsToDecimal } from "./pricing";
import { platformFeeCents } from "./platform-fee";
import { orderFieldsOf, quotePurchase } from "./quote-purchase";
import { requestHash } from "./request-hash";
import { timestamptz, uuid } from "./sql-casts";
import { writeOrderHoldingName } from "./reserve-name";
import { attributedToCreator, withinHoldLimits, type Creator } from "./unpaid-holds";
import { errorText, logger } from "@/lib/log";
import { atomic } from "@/lib/db/amounts";

// Endpoint 11. The order, its payment row and the name's hold are written together (one statement,
// in a transaction with the unpaid-hold check when that is configured); the processor's
// PaymentIntent is made after the commit with checkoutId as its idempotency key.
// The same checkoutId with the same body answers the same order and session (from the stored
// session: a replay mints no new ephemeral key and asks the processor nothing); with another
// body, 409. Who is paid is decided here, never by the request: the connected account of the
// partner selling the name, if it has one.

export interface CardPurchaseResult {
  checkoutId: string;
  orderId: string;
  processorCheckoutSession: string;
  processorCustomerId: string;
  processorEphemeralKey: string;
  processorPublishableKey: string;
}

const AWAITING_CARD = "Awaiting card payment.";
/** A stored ephemeral key this close to its expiry is replaced rather than handed out. */
const EPHEMERAL_KEY_MARGIN_MS = 10 * 60_000;

function fingerprint(body: PurchaseRequest): string {
  let domain = body.domain;
  try {
    domain = normalizeWeb3Name(body.domain);
  } catch {
    // An invalid name is refused later; its raw form is fingerprint enough.
  }
  return requestHash({
    ...body,
    domain,
    ownerAddress: body.ownerAddress.toLowerCase(),
    // "" is what clients that send every field of the interface send for "none".
    processorConnectedAccountId: body.processorConnectedAccountId || undefined,
  });
}

export async function createCardPurchase(request: PurchaseRequest, creator: Creator): Promise<CardPurchaseResult> {
  const body = attributedToCreator(request, creator);
  const hash = fingerprint(body);
  let order: OrderWithPayment;
  try {
    order = await createOrder(body, creator, hash);
  } catch (error) {
    // The checkoutId has an order already: a replay, or a concurrent request that committed first.
    // Its hold makes the quote refuse the name, or, committed while this one waited for the
    // purchaser's lock, the transaction fail. Either way, answer as its replay. A new checkoutId,
    // the usual case, costs no read of its own.
    const raced = await findByCheckoutId(body.checkoutId);
    if (raced) return replay(raced, hash);
    throw error;
  }
  return ensureSession(order);
}

/** The order, its payment and the name's hold, written together; no processor call. */
async function createOrder(body: PurchaseRequest, creator: Creator, hash: string): Promise<OrderWithPayment> {
  // Before the quote: with card payments off nothing is read or held (503 naming the settings).
  const processor = configuredCardProcessor();
  const quote = await quotePurchase(body);
  const destination = quote.sellerPayoutAccountId;
  const asked = body.processorConnectedAccountId || null;
  if (asked !== null && asked !== destination)
    throw badRequest(
      "processorConnectedAccountId",
      destination
        ? "processorConnectedAccountId must be absent, empty, or the connected account of the partner " +
            "selling this name."
        : "This name's card payments go to no connected account: send processorConnectedAccountId absent or empty.",
    );
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const now = new Date();
  // A concurrent request with this checkoutId that committed first makes the write fail (its hold
  // counts, its name is held, checkout_id is unique): the caller then answers as its replay.
  return withinHoldLimits(creator, now, (q) =>
    writeOrderHoldingName(
      q,
      {
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
        clientAddress: creator.clientAddress,
        creatorPartnerId: creator.partnerId ?? null,
        expiresAt: new Date(now.getTime() + config().PAYMENT_OFFER_MINUTES * 60_000),
      },
      cardPaymentRow({ id: paymentId, orderId, processor, destination, cents: quote.totalCents }),
      AWAITING_CARD,
      now,
    ),
  );
}

/** A new card order's payment row: not yet at the processor (its session is made after the commit). */
export function cardPaymentRow(payment: {
  id: string;
  orderId: string;
  processor: CardProcessor;
  destination: string | null;
  cents: number;
}): NewPayment {
  return {
    id: payment.id,
    orderId: payment.orderId,
    processor: payment.processor.name,
    connectedAccountId: payment.destination,
    amountDue: String(payment.cents),
    // Decided with the order, so a later change of the fee's settings never changes a sale's terms.
    platformFeeCents: payment.destination ? platformFeeCents(payment.cents) : null,
    status: "creating",
  };
}

export type { OrderWithPayment };

export function findByCheckoutId(checkoutId: string): Promise<OrderWithPayment | null> {
  return readOrderWithPayment({ checkoutId });
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

function answer(order: OrderWithPayment, session: CardSession): CardPurchaseResult {
  return {
    checkoutId: order.checkoutId!,
    orderId: order.id,
    processorCheckoutSession: session.clientSecret,
    processorCustomerId: session.customerId,
    processorEphemeralKey: session.ephemeralKey.secret,
    processorPublishableKey: session.publishableKey,
  };
}

const fresh = (key: EphemeralKey, now: Date) =>
  key.expiresAt === null || key.expiresAt.getTime() - now.getTime() > EPHEMERAL_KEY_MARGIN_MS;

/** The processor session of the order: the stored one, or made now if the first attempt did not get that far. */
export async function ensureSession(order: OrderWithPayment): Promise<CardPurchaseResult> {
  const payment = order.payment!;
  const processor = cardProcessorNamed(payment.processor);
  if (!processor)
    throw new ApiError(
      409,
      "checkoutId",
      `This order was started with the ${payment.processor} processor, which is no longer configured.`,
    );
  const now = new Date();
  if (payment.processorRef && payment.processorClientSecret && payment.processorEphemeralKey) {
    let ephemeralKey: EphemeralKey = {
      secret: payment.processorEphemeralKey,
      expiresAt: payment.processorEphemeralKeyExpiresAt,
    };
    if (!fresh(ephemeralKey, now)) {
      ephemeralKey = await callProcessor(processor, order, () =>
        processor.newEphemeralKey(payment.processorCustomerId ?? ""),
      );
      await db().payment.update({
        where: { id: payment.id },
        data: { processorEphemeralKey: ephemeralKey.secret, processorEphemeralKeyExpiresAt: ephemeralKey.expiresAt },
      });
    }
    return answer(order, {
      paymentIntentId: payment.processorRef,
      clientSecret: payment.processorClientSecret,
      customerId: payment.processorCustomerId ?? "",
      ephemeralKey,
      publishableKey: processor.publishableKey,
    });
  }
  if (!payment.processorRef && order.orderStatus !== "PENDING")
    throw conflict("checkoutId", `This order is ${order.orderStatus}: its offer ended. Start a new purchase.`);
  let session: CardSession;
  try {
    session = await callProcessor(processor, order, () =>
      payment.processorRef
        ? processor.resumeSession({
            paymentIntentId: payment.processorRef,
            customerId: payment.processorCustomerId ?? "",
          })
        : processor.openSession({
            checkoutId: order.checkoutId!,
            orderId: order.id,
            amountCents: Number(atomic(payment.amountDue)),
            currency: "usd",
            connectedAccountId: payment.connectedAccountId,
            applicationFeeCents: payment.connectedAccountId ? (payment.platformFeeCents ?? 0) : null,
            externalUserId: order.externalUserId,
            description:
              `${order.kind === "RENEWAL" ? "Renewal of " : ""}${order.domain} for ${order.years} ` +
              `year${order.years === 1 ? "" : "s"}`,
          }),
    );
  } catch (error) {
    // A concurrent replay may have made and stored the session meanwhile: answer with it.
    const stored = await readOrderWithPayment({ id: order.id });
    if (stored?.payment?.processorClientSecret) return ensureSession(stored);
    throw error;
  }
  // The offer may have ended while the intent was being made: then it must not stay payable. The
  // order's move marks only intents already stored, so this statement reads the order's status
  // itself; a move committing meanwhile waits for this row and then marks it.
  await storeSession([
    payment.id,
    order.id,
    session.paymentIntentId,
    session.customerId,
    session.clientSecret,
    session.ephemeralKey.secret,
    session.ephemeralKey.expiresAt,
    new Date(),
  ]);
  return answer(order, session);
}

// Compiled once: every card purchase stores its session.
const storeSession = prepared(
  (
    paymentId: string,
    orderId: string,
    paymentIntentId: string,
    customerId: string,
    clientSecret: string,
    ephemeralKey: string,
    ephemeralKeyExpiresAt: Date | null,
    now: Date,
  ) =>
    sqlBuilder
      .updateTable("payment")
      .set((eb) => ({
        processor_ref: paymentIntentId,
        processor_customer_id: customerId,
        processor_client_secret: clientSecret,
        processor_ephemeral_key: ephemeralKey,
        processor_ephemeral_key_expires_at: timestamptz(ephemeralKeyExpiresAt),
        status: sql`CASE WHEN status = 'creating' THEN 'requires_payment_method' ELSE status END`,
        cancel_due: eb
          .or([
            eb.ref("cancel_due"),
            eb.and([
              sql<boolean>`status NOT IN ('succeeded', 'mismatched', 'canceled')`,
              eb(
                eb
                  .selectFrom("order")
                  .select(sql<string>`order_status::text`.as("s"))
                  .where("id", "=", uuid(orderId)),
                "in",
                [sql.lit("EXPIRED"), sql.lit("FAILED")],
              ),
            ]),
          ])
          .$castTo<boolean>(),
        updated_at: timestamptz(now),
      }))
      .where("id", "=", uuid(paymentId)),
);

/**
 * A processor that fails or does not answer is a 502; the order keeps its hold while its offer
 * runs, so the client retries with the same checkoutId and resumes the same order.
 */
async function callProcessor<T>(processor: CardProcessor, order: Order, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger("market").error(`card processor ${processor.name} failed for order ${order.id}: ${errorText(error)}`);
    throw new ApiError(502, "processor", "The card processor did not answer; retry with the same checkoutId.");
  }
}
