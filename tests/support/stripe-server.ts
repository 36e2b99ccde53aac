// A local HTTP server speaking the part of Stripe's API the card adapter uses (customers,
// ephemeral keys, payment intents and their cancel, refunds (made, listed, read; pending, failed
// and dashboard refunds for tests), connected accounts, charges and their transfers' reversals), stateful and
// honouring Idempotency-Key like Stripe does. Tests point the real `stripe` SDK at it through
// STRIPE_API_BASE. Like Stripe, cancelling an intent that is already paid or cancelled is a 400.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { TestApp } from "./app";

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage["headers"];
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  /** The charge, once paid (`ch_` + the intent's id). */
  latest_charge: string | null;
  payment_method_types: string[];
  last_payment_error: { message: string } | null;
  created: number;
  livemode: false;
}

/** Stripe's Refund object (the fields the adapter reads, and those a test may look at). */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  /** Stripe's states: a card refund is usually `succeeded` at once, may be `pending`, and may fail later. */
  status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
  /** Not a field of Stripe's Refund: what the create request asked, kept for tests. */
  reverse_transfer: boolean;
  /** Stripe's: the reversal of the destination charge's transfer the refund made, or null. */
  transfer_reversal?: string | null;
  refund_application_fee?: boolean;
  charge?: string;
  currency?: string;
  created?: number;
  reason?: string | null;
  failure_reason?: string | null;
  metadata?: Record<string, string>;
}

/** A reversal of a destination charge's transfer (POST /v1/transfers/:id/reversals). */
export interface FakeTransferReversal {
  id: string;
  object: "transfer_reversal";
  amount: number;
  transfer: string;
  metadata: Record<string, string>;
}

/** Stripe's BalanceTransaction (the fields the ledger check reads). */
export interface FakeBalanceTransaction {
  id: string;
  object: "balance_transaction";
  amount: number;
  fee: number;
  net: number;
  currency: string;
  created: number;
  reporting_category: string;
  type: string;
  source: string;
}

export interface StripeServer {
  url: string;
  /** The platform balance's movements: a charge when an intent is paid, a refund when one is made. */
  balanceTransactions: FakeBalanceTransaction[];
  /** A lost dispute's debit of the platform balance, as Stripe records it. */
  disputeLost(intentId: string, amount: number, disputeId?: string): FakeBalanceTransaction;
  reversals: FakeTransferReversal[];
  requests: RecordedRequest[];
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  /** Connected accounts that exist on the platform (GET /v1/accounts/:id). */
  accounts: Set<string>;
  /** Lifetime of the ephemeral keys minted from now on, in seconds. */
  ephemeralKeySeconds: number;
  /** Requests whose path starts with one of these answer 503 (a Stripe outage of that resource). */
  failing: Set<string>;
  /** Marks the intent paid, as Stripe would after a successful confirmation. */
  succeed(id: string): FakePaymentIntent;
  decline(id: string, message: string): FakePaymentIntent;
  processing(id: string): FakePaymentIntent;
  /**
   * A charge object of the intent, as charge.* events carry it: since API version 2022-11-15 its
   * `refunds` list is not included (only when expanded); `amount_refunded` counts the refunds that
   * have not failed or been cancelled, unless given.
   */
  chargeOf(id: string, amountRefunded?: number): Record<string, unknown>;
  /** The status created refunds start in (Stripe: `succeeded` for most cards, or `pending`). */
  nextRefundStatus: FakeRefund["status"];
  /**
   * A refund made outside the API the adapter calls (Stripe's dashboard), as Stripe records it;
   * `reverseTransfer`: the dashboard's "reverse transfer" box (a destination charge's partner part back).
   */
  dashboardRefund(
    intentId: string,
    amount?: number,
    status?: FakeRefund["status"],
    reverseTransfer?: boolean,
  ): FakeRefund;
  /** Moves a refund to another state, as Stripe does later (a pending one succeeds or fails). */
  setRefundStatus(refundId: string, status: FakeRefund["status"], failureReason?: string): FakeRefund;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

function nested(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = new RegExp(`^${prefix}\\[(.+)\\]$`).exec(key);
    if (match) out[match[1]] = value;
  }
  return out;
}

/** A form-encoded array, as stripe-node sends it (`name[0]=a&name[1]=b`). */
export function arrayParam(params: URLSearchParams, name: string): string[] {
  return [...params]
    .filter(([key]) => key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key))
    .map(([, value]) => value);
}

export async function startStripeServer(): Promise<StripeServer> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const reversals: FakeTransferReversal[] = [];
  const balanceTransactions: FakeBalanceTransaction[] = [];
  const movement = (category: string, type: string, amount: number, fee: number, source: string) => {
    const bt: FakeBalanceTransaction = {
      id: id("txn"),
      object: "balance_transaction",
      amount,
      fee,
      net: amount - fee,
      currency: "usd",
      created: Math.floor(Date.now() / 1000),
      reporting_category: category,
      type,
      source,
    };
    balanceTransactions.push(bt);
    return bt;
  };
  const accounts = new Set<string>();
  const failing = new Set<string>();
  const settings = { ephemeralKeySeconds: 3600, nextRefundStatus: "succeeded" as FakeRefund["status"] };
  const live = (r: FakeRefund) => r.status !== "failed" && r.status !== "canceled";
  const newRefund = (intent: FakePaymentIntent, amount: number, status: FakeRefund["status"], reverse = false) => {
    const refund: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      payment_intent: intent.id,
      status,
      reverse_transfer: reverse,
      transfer_reversal: reverse && intent.transfer_data ? id("trr") : null,
      charge: `ch_${intent.id.slice(3)}`,
      currency: intent.currency,
      created: Math.floor(Date.now() / 1000),
      reason: null,
      failure_reason: null,
      metadata: {},
    };
    refunds.push(refund);
    if (status === "succeeded") movement("refund", "refund", -amount, 0, refund.id);
    return refund;
  };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const chargeOf = (piId: string, amountRefunded?: number) => {
    const intent = intents.get(piId)!;
    const refunded =
      amountRefunded ??
      refunds.filter((r) => r.payment_intent === piId && live(r)).reduce((sum, r) => sum + r.amount, 0);
    return {
      id: `ch_${piId.slice(3)}`,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: refunded,
      refunded: refunded >= intent.amount,
      payment_intent: piId,
      currency: intent.currency,
      status: "succeeded",
      // A destination charge's transfer to the connected account (`tr_` + the intent's id).
      transfer: intent.transfer_data ? `tr_${piId.slice(3)}` : null,
      balance_transaction:
        balanceTransactions.find((bt) => bt.type === "charge" && bt.source === `ch_${piId.slice(3)}`)?.id ?? null,
    };
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const params = new URLSearchParams(req.method === "GET" ? url.search : Buffer.concat(chunks).toString());
    requests.push({ method: req.method ?? "", path: url.pathname, params, headers: req.headers });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== "Bearer sk_test_local")
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    if ([...failing].some((prefix) => url.pathname.startsWith(prefix)))
      return send(503, { error: { type: "api_error", message: "Stripe is having trouble (test outage)" } });

    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${url.pathname}|${key}` : undefined;
    if (replayKey && idempotent.has(replayKey)) {
      const saved = idempotent.get(replayKey)!;
      return send(saved.status, saved.body);
    }
    const answer = (status: number, body: unknown) => {
      if (replayKey && req.method === "POST") idempotent.set(replayKey, { status, body });
      send(status, body);
    };

    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      return answer(200, { id: id("cus"), object: "customer", metadata: nested(params, "metadata") });
    }
    if (req.method === "POST" && url.pathname === "/v1/ephemeral_keys") {
      if (!req.headers["stripe-version"])
        return answer(400, { error: { type: "invalid_request_error", message: "Stripe-Version header required" } });
      return answer(200, {
        id: id("ephkey"),
        object: "ephemeral_key",
        secret: id("ek_test"),
        expires: Math.floor(Date.now() / 1000) + settings.ephemeralKeySeconds,
        associated_objects: [{ id: params.get("customer"), type: "customer" }],
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const piId = id("pi");
      const destination = params.get("transfer_data[destination]");
      const intent: FakePaymentIntent = {
        id: piId,
        object: "payment_intent",
        amount: Number(params.get("amount")),
        amount_received: 0,
        currency: params.get("currency") ?? "",
        customer: params.get("customer") ?? "",
        client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
        status: "requires_payment_method",
        metadata: nested(params, "metadata"),
        transfer_data: destination ? { destination } : null,
        application_fee_amount: params.has("application_fee_amount")
          ? Number(params.get("application_fee_amount"))
          : null,
        payment_method_types: arrayParam(params, "allowed_payment_method_types").length
          ? arrayParam(params, "allowed_payment_method_types")
          : ["card", "us_bank_account", "sepa_debit"],
        last_payment_error: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(piId, intent);
      return answer(200, intent);
    }
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]);
      if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      if (intentMatch[2] && req.method === "POST") {
        if (intent.status === "succeeded" || intent.status === "canceled")
          return answer(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        intent.status = "canceled";
      }
      return answer(200, intent);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const intent = intents.get(params.get("payment_intent") ?? "");
      if (!intent || intent.status !== "succeeded")
        return answer(400, {
          error: { type: "invalid_request_error", message: "This PaymentIntent has no charge to refund." },
        });
      const refunded = refunds
        .filter((r) => r.payment_intent === intent.id && live(r))
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(params.get("amount") ?? intent.amount_received - refunded);
      // Stripe refuses a refund larger than what is left of the charge.
      if (amount <= 0 || refunded + amount > intent.amount_received)
        return answer(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message:
              `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ` +
              `($${((intent.amount_received - refunded) / 100).toFixed(2)})`,
          },
        });
      const refund = newRefund(intent, amount, settings.nextRefundStatus, params.get("reverse_transfer") === "true");
      if (params.get("refund_application_fee") === "true") refund.refund_application_fee = true;
      return answer(200, refund);
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && refundMatch) {
      const refund = refunds.find((r) => r.id === refundMatch[1]);
      if (!refund)
        return send(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such refund" },
        });
      return send(200, refund);
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      // Newest first, filtered by payment_intent or charge, as Stripe lists them.
      const intentId = params.get("payment_intent");
      const charge = params.get("charge");
      const data = refunds
        .filter((r) => (!intentId || r.payment_intent === intentId) && (!charge || r.charge === charge))
        .reverse();
      const limit = Number(params.get("limit") ?? 10);
      return send(200, {
        object: "list",
        url: "/v1/refunds",
        has_more: data.length > limit,
        data: data.slice(0, limit),
      });
    }
    if (req.method === "GET" && url.pathname === "/v1/charges") {
      const intent = intents.get(params.get("payment_intent") ?? "");
      const expand = arrayParam(params, "expand").includes("data.balance_transaction");
      const data = intent?.latest_charge
        ? [chargeOf(intent.id)].map((charge) =>
            expand
              ? {
                  ...charge,
                  balance_transaction: balanceTransactions.find((bt) => bt.id === charge.balance_transaction) ?? null,
                }
              : charge,
          )
        : [];
      return send(200, { object: "list", url: "/v1/charges", has_more: false, data });
    }
    const chargeMatch = /^\/v1\/charges\/ch_([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && chargeMatch) {
      const intent = intents.get(`pi_${chargeMatch[1]}`);
      if (!intent?.latest_charge)
        return send(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such charge" },
        });
      const charge = chargeOf(intent.id);
      // `expand[]=balance_transaction` gives the object instead of its id, as Stripe does.
      if (arrayParam(params, "expand").includes("balance_transaction"))
        return send(200, {
          ...charge,
          balance_transaction: balanceTransactions.find((bt) => bt.id === charge.balance_transaction) ?? null,
        });
      return send(200, charge);
    }
    const reversalMatch = /^\/v1\/transfers\/(tr_[^/]+)\/reversals$/.exec(url.pathname);
    if (req.method === "POST" && reversalMatch) {
      const intent = [...intents.values()].find((i) => i.transfer_data && `tr_${i.id.slice(3)}` === reversalMatch[1]);
      if (!intent?.latest_charge)
        return answer(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such transfer" },
        });
      const transferred = intent.amount_received - (intent.application_fee_amount ?? 0);
      const reversed = reversals.filter((r) => r.transfer === reversalMatch[1]).reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(params.get("amount") ?? transferred - reversed);
      if (amount <= 0 || reversed + amount > transferred)
        return answer(400, {
          error: {
            type: "invalid_request_error",
            message: "Reversal amount is greater than the transfer's amount left.",
          },
        });
      const reversal: FakeTransferReversal = {
        id: id("trr"),
        object: "transfer_reversal",
        amount,
        transfer: reversalMatch[1],
        metadata: nested(params, "metadata"),
      };
      reversals.push(reversal);
      return answer(200, reversal);
    }
    if (req.method === "GET" && url.pathname === "/v1/balance_transactions") {
      // Newest first, filtered by created[gte] / created[lt], paged by starting_after, as Stripe lists them.
      const gte = Number(params.get("created[gte]") ?? -Infinity);
      const lt = Number(params.get("created[lt]") ?? Infinity);
      let data = balanceTransactions.filter((bt) => bt.created >= gte && bt.created < lt).reverse();
      const after = params.get("starting_after");
      if (after) data = data.slice(data.findIndex((bt) => bt.id === after) + 1);
      const limit = Number(params.get("limit") ?? 10);
      return send(200, {
        object: "list",
        url: "/v1/balance_transactions",
        has_more: data.length > limit,
        data: data.slice(0, limit),
      });
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && accountMatch) {
      if (!accounts.has(accountMatch[1]))
        return send(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" },
        });
      return send(200, { id: accountMatch[1], object: "account", charges_enabled: true, payouts_enabled: true });
    }
    send(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    reversals,
    balanceTransactions,
    disputeLost(piId, amount, disputeId = `dp_${piId.slice(3)}`) {
      return movement("dispute", "adjustment", -amount, 1500, disputeId);
    },
    accounts,
    failing,
    get nextRefundStatus() {
      return settings.nextRefundStatus;
    },
    set nextRefundStatus(status: FakeRefund["status"]) {
      settings.nextRefundStatus = status;
    },
    dashboardRefund(piId, amount, status = "succeeded", reverseTransfer = false) {
      const intent = intents.get(piId)!;
      const left =
        intent.amount_received -
        refunds.filter((r) => r.payment_intent === piId && live(r)).reduce((sum, r) => sum + r.amount, 0);
      return newRefund(intent, amount ?? left, status, reverseTransfer);
    },
    setRefundStatus(refundId, status, failureReason) {
      const refund = refunds.find((r) => r.id === refundId)!;
      if (status === "succeeded" && refund.status !== "succeeded")
        movement("refund", "refund", -refund.amount, 0, refund.id);
      if (status === "failed" && refund.status === "succeeded")
        movement("refund_failure", "refund_failure", refund.amount, 0, refund.id);
      refund.status = status;
      if (failureReason) refund.failure_reason = failureReason;
      return refund;
    },
    get ephemeralKeySeconds() {
      return settings.ephemeralKeySeconds;
    },
    set ephemeralKeySeconds(seconds: number) {
      settings.ephemeralKeySeconds = seconds;
    },
    succeed(piId) {
      const intent = intents.get(piId)!;
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = `ch_${piId.slice(3)}`;
      // Stripe's standard card fee, 2.9% + 30 cents.
      movement("charge", "charge", intent.amount, Math.round(intent.amount * 0.029) + 30, intent.latest_charge);
      return intent;
    },
    decline(piId, message) {
      const intent = intents.get(piId)!;
      intent.status = "requires_payment_method";
      intent.last_payment_error = { message };
      return intent;
    },
    processing(piId) {
      const intent = intents.get(piId)!;
      intent.status = "processing";
      return intent;
    },
    chargeOf,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signer = new Stripe("sk_test_local");

/** Posts a Stripe event of `type` about `object` to the app's webhook, signed as Stripe signs. */
export function sendStripeEvent(app: TestApp, secret: string, type: string, object: unknown): Promise<Response> {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return app.fetch("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
  });
}
