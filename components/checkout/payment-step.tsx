"use client";
// The step after a purchase or renewal is started: the card form (Stripe's Payment Element, or the
// built-in test processor's own form) or the crypto offer, under a line saying what is paid for.
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { Loading } from "../status";
import { CryptoPanel, type CryptoOffer } from "./crypto-panel";
import { TestCardForm } from "./test-card-form";

const StripePayment = dynamic(() => import("./stripe-payment").then((m) => m.StripePayment), {
  ssr: false,
  loading: () => <Loading label="Loading the secure card form…" />,
});

/** The publishable key the built-in test processor answers with. */
export const TEST_PROCESSOR_KEY = "pk_test_builtin_processor";

export interface CardSession {
  orderId: string;
  processorCheckoutSession: string;
  processorPublishableKey: string;
}

export type StartedPayment = { kind: "card"; session: CardSession } | { kind: "crypto"; offer: CryptoOffer };

export function PaymentStep({
  started,
  total,
  summary,
}: {
  started: StartedPayment;
  total: number;
  summary: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <p className="text-sm text-slate-600">{summary}</p>
      {started.kind === "crypto" ? (
        <CryptoPanel offer={started.offer} />
      ) : started.session.processorPublishableKey === TEST_PROCESSOR_KEY ? (
        <TestCardForm
          clientSecret={started.session.processorCheckoutSession}
          orderId={started.session.orderId}
          total={total}
        />
      ) : (
        <StripePayment
          publishableKey={started.session.processorPublishableKey}
          clientSecret={started.session.processorCheckoutSession}
          orderId={started.session.orderId}
          total={total}
        />
      )}
    </div>
  );
}
