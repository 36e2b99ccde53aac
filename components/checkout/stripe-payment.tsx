"use client";
// Card payment through Stripe's Payment Element. Stripe.js is fetched only here (the pure
// entry point does not load it on import), so other pages never download it.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { usd } from "../format";

const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string) {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

export function StripePayment({
  publishableKey,
  clientSecret,
  orderId,
  total,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
  total: number;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <div className="card" data-testid="stripe-checkout">
      <Elements
        stripe={stripe}
        options={{ clientSecret, appearance: { theme: "stripe", variables: { colorPrimary: "#4f46e5" } } }}
      >
        <PaymentForm orderId={orderId} total={total} />
      </Elements>
    </div>
  );
}

function PaymentForm({ orderId, total }: { orderId: string; total: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [ready, setReady] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    const orderPath = `/orders/${orderId}`;
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(orderPath, window.location.origin).toString() },
      redirect: "if_required",
    });
    if (result.error) {
      setPaying(false);
      setError(result.error.message ?? "The payment could not be completed. Check the card details and try again.");
      return;
    }
    router.push(orderPath);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {!ready ? (
        <p className="text-sm text-slate-600" role="status">
          Loading the card form…
        </p>
      ) : null}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={(event) =>
          setError(event.error.message ?? "The card form failed to load. Reload the page to try again.")
        }
      />
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={!stripe || !elements || paying}>
        {paying ? "Paying…" : `Pay ${usd(total)}`}
      </button>
    </form>
  );
}
