import "server-only";
import type Stripe from "stripe";
import { ApiError, badRequest } from "@/lib/api/errors";
import { stripeConfigured } from "@/lib/config";
import { db } from "@/lib/db";
import { onCardPaymentFailed, onCardPaymentSucceeded } from "@/lib/market/card-payment-events";
import { verifyStripeEvent } from "./stripe-processor";

// POST /api/webhooks/stripe: the signature is checked on the raw body; an event id already handled
// is acknowledged without effect. The id is recorded only after its handling succeeded, so a
// failure is retried by Stripe; handling itself is idempotent, so a concurrent duplicate is harmless.

export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
  type: string;
}

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  if (!stripeConfigured())
    throw new ApiError(404, "path", "Stripe is not configured on this server (test processor in use).");
  if (!signature) throw badRequest("Stripe-Signature", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(rawBody, signature);
  } catch {
    throw badRequest("Stripe-Signature", "The webhook signature does not match the body.");
  }

  const seen = await db().webhookEvent.findUnique({ where: { id: event.id }, select: { id: true } });
  if (seen) return { received: true, duplicate: true, type: event.type };

  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    await onCardPaymentSucceeded({
      paymentIntentId: intent.id,
      amountReceivedCents: intent.amount_received ?? intent.amount,
      currency: intent.currency,
    });
  } else if (event.type === "payment_intent.payment_failed") {
    const intent = event.data.object;
    await onCardPaymentFailed({ paymentIntentId: intent.id, message: intent.last_payment_error?.message });
  }
  await db().webhookEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  return { received: true, duplicate: false, type: event.type };
}
