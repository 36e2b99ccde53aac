// A local HTTP server speaking the part of Stripe's API the card adapter uses (customers,
// ephemeral keys, payment intents), stateful and honouring Idempotency-Key like Stripe does.
// Tests point the real `stripe` SDK at it through STRIPE_API_BASE.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

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
  last_payment_error: { message: string } | null;
  created: number;
  livemode: false;
}

export interface StripeServer {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakePaymentIntent>;
  /** Marks the intent paid, as Stripe would after a successful confirmation. */
  succeed(id: string): FakePaymentIntent;
  decline(id: string, message: string): FakePaymentIntent;
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

export async function startStripeServer(): Promise<StripeServer> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();

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
        last_payment_error: null,
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
        if (intent.status === "succeeded")
          return answer(400, { error: { type: "invalid_request_error", message: "already succeeded" } });
        intent.status = "canceled";
      }
      return answer(200, intent);
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
    succeed(piId) {
      const intent = intents.get(piId)!;
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      return intent;
    },
    decline(piId, message) {
      const intent = intents.get(piId)!;
      intent.status = "requires_payment_method";
      intent.last_payment_error = { message };
      return intent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
