import "server-only";
import type Stripe from "stripe";
import { ApiError, badRequest } from "@/lib/contract/errors";
import { stripeConfigured } from "@/lib/config";
import { db } from "@/lib/db";
import {
  onCardDisputeClosed,
  onCardDisputeOpened,
  onCardDisputeUpdated,
  onCardIntentCanceled,
  onCardPaymentDeclined,
  onCardPaymentProcessing,
  onCardPaymentSucceeded,
  onCardRefundsChanged,
  recordProcessorFee,
} from "@/lib/market/card-payment-events";
import { refundOf, verifyStripeEvent } from "@/lib/payments/card/stripe-processor";

// POST /api/webhooks/stripe: the signature is checked on the raw body; an event id already handled
// is acknowledged without effect. The id is recorded only after its handling succeeded, so a
// failure is retried by Stripe; handling itself is idempotent, so a concurrent duplicate is harmless.
// Events arrive in any order: each handler re-reads the stored state (and, where it must, Stripe's).

export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
  type: string;
}

/** Stripe's own default tolerance, in seconds, now applied to timestamps ahead of the clock too. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * True when every `t=` of the Stripe-Signature header is within the tolerance of `nowMs`, each read
 * as Stripe's library reads it (parseInt, the last one counting there).
 */
function signedRecently(header: string, nowMs: number): boolean {
  const stamps = header
    .split(",")
    .map((item) => item.split("="))
    .filter(([key]) => key === "t")
    .map(([, value]) => parseInt(value ?? "", 10));
  return stamps.length > 0 && stamps.every((t) => Math.abs(nowMs / 1000 - t) <= WEBHOOK_TOLERANCE_SECONDS);
}

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  if (!stripeConfigured())
    throw new ApiError(404, "path", "Stripe is not configured on this server (test processor in use).");
  if (!signature) throw badRequest("Stripe-Signature", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = await verifyStripeEvent(rawBody, signature);
  } catch {
    throw badRequest("Stripe-Signature", "The webhook signature does not match the body.");
  }
  // Stripe's library refuses a signature older than its tolerance but takes one from any future
  // time, which a leaked signing secret could pre-date for later replay: both directions are bound.
  if (!signedRecently(signature, Date.now()))
    throw badRequest("Stripe-Signature", "The webhook's timestamp is more than 5 minutes from this server's clock.");

  const seen = await db().webhookEvent.findUnique({ where: { id: event.id }, select: { id: true } });
  if (seen) return { received: true, duplicate: true, type: event.type };

  await dispatch(event);
  await db().webhookEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  return { received: true, duplicate: false, type: event.type };
}

const intentIdOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

async function dispatch(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      await onCardPaymentSucceeded({
        paymentIntentId: intent.id,
        amountReceivedCents: intent.amount_received ?? intent.amount,
        currency: intent.currency,
      });
      return;
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      await onCardPaymentDeclined({ paymentIntentId: intent.id, message: intent.last_payment_error?.message });
      return;
    }
    case "payment_intent.canceled":
      await onCardIntentCanceled({ paymentIntentId: event.data.object.id });
      return;
    case "payment_intent.processing":
      await onCardPaymentProcessing({ paymentIntentId: event.data.object.id });
      return;
    case "charge.succeeded":
    case "charge.updated": {
      // The charge's balance transaction, when Stripe has made it, carries Stripe's fee.
      const paymentIntentId = intentIdOf(event.data.object.payment_intent);
      if (paymentIntentId && event.data.object.balance_transaction) await recordProcessorFee(paymentIntentId);
      return;
    }
    case "charge.refunded": {
      // The charge's `refunds` list is not included since API version 2022-11-15: they are listed.
      const paymentIntentId = intentIdOf(event.data.object.payment_intent);
      if (paymentIntentId) await onCardRefundsChanged({ paymentIntentId });
      return;
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object;
      const paymentIntentId = intentIdOf(refund.payment_intent);
      if (paymentIntentId) await onCardRefundsChanged({ paymentIntentId, refund: refundOf(refund) });
      return;
    }
    case "charge.dispute.created":
    case "charge.dispute.updated": {
      const dispute = event.data.object;
      const paymentIntentId = intentIdOf(dispute.payment_intent);
      if (!paymentIntentId) return;
      const seen = {
        paymentIntentId,
        reason: dispute.reason,
        amountCents: dispute.amount,
        disputeId: dispute.id,
        status: dispute.status,
        dueBy: dispute.evidence_details?.due_by ?? null,
      };
      await (event.type === "charge.dispute.created" ? onCardDisputeOpened(seen) : onCardDisputeUpdated(seen));
      return;
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const paymentIntentId = intentIdOf(dispute.payment_intent);
      if (paymentIntentId)
        await onCardDisputeClosed({
          paymentIntentId,
          disputeId: dispute.id,
          status: dispute.status,
          amountCents: dispute.amount,
        });
      return;
    }
    default:
      // Other events are acknowledged so Stripe stops sending them.
      return;
  }
}
