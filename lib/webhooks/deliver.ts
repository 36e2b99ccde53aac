import "server-only";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { database } from "@/lib/db";
import { isNonPublicAddress, publicOnlyLookup } from "@/lib/resolution/providers/ccip-gateway";
import { allowsPrivateReceivers } from "./receiver-url";
import { openSecret, SIGNATURE_HEADER, signatureHeader } from "./signing";

// Delivery of the outbox: each pending delivery whose turn has come (no earlier delivery of the
// same object to the same receiver is still pending, so events of a sub-name or an order arrive
// in order) is claimed with a lease, POSTed with a 5 s timeout, and marked delivered on any 2xx.
// Anything else is retried with exponential backoff (30 s, doubling, at most 6 h apart) for 3
// days; then the delivery is failed and its receiver disabled. A claim whose process died is
// taken again when its lease ends, so a delivery in flight at a crash is sent after the restart:
// at least once, never lost; receivers de-duplicate by the event id.

export const DELIVERY_TIMEOUT_MS = 5_000;
const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 3600_000;
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;
export const WEBHOOK_BATCH = 50;
const PARALLEL = 8;

/** The wait before attempt `failures + 1`. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), MAX_RETRY_MS);
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_cipher: string;
  type: string;
  data: unknown;
  event_created_at: Date;
}

const CLAIM = `
WITH due AS (
  SELECT d.id FROM webhook_delivery d
    JOIN webhook_endpoint e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
   WHERE d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
     AND NOT EXISTS (SELECT 1 FROM webhook_delivery p
                      WHERE p.endpoint_id = d.endpoint_id AND p.object_key = d.object_key
                        AND p.status = 'pending' AND p.seq < d.seq)
   ORDER BY d.seq LIMIT $3
   FOR UPDATE OF d SKIP LOCKED)
UPDATE webhook_delivery w SET next_attempt_at = $2::timestamptz, updated_at = $1::timestamptz
  FROM due, webhook_endpoint e, partner_event ev
 WHERE w.id = due.id AND e.id = w.endpoint_id AND ev.id = w.event_id
RETURNING w.id, w.endpoint_id, w.event_id, w.attempts, w.created_at, e.url, e.secret_cipher, ev.type, ev.data,
          ev.created_at AS event_created_at`;

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One POST to a receiver, on a public address unless private receivers are allowed. */
export function post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, status: null, error: "The URL is not valid." });
    }
    const allowPrivate = allowsPrivateReceivers();
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivate && (target.protocol !== "https:" || (isIP(literal) && isNonPublicAddress(literal))))
      return resolve({ ok: false, status: null, error: "The receiver is not an https URL on a public address." });
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        lookup: allowPrivate ? undefined : publicOnlyLookup,
      },
      (response) => {
        // The answer's body is not kept; reading it frees the socket.
        response.resume();
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, error: null });
        });
        response.on("error", (error) => resolve({ ok: false, status: null, error: error.message }));
      },
    );
    request.on("error", (error) =>
      resolve({
        ok: false,
        status: null,
        error: error.name === "TimeoutError" || error.name === "AbortError" ? "No answer within 5 s." : error.message,
      }),
    );
    request.end(body);
  });
}

export function eventBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

async function deliverOne(claim: Claimed, now: () => Date): Promise<void> {
  const body = eventBody({
    id: claim.event_id,
    type: claim.type,
    createdAt: new Date(claim.event_created_at),
    data: claim.data,
  });
  let result: SendResult;
  try {
    const signature = signatureHeader(openSecret(claim.secret_cipher), body, Math.floor(now().getTime() / 1000));
    result = await post(claim.url, body, {
      [SIGNATURE_HEADER]: signature,
      "Namesvc-Event-Id": claim.event_id,
      "Namesvc-Event-Type": claim.type,
      "user-agent": "namesvc-webhooks/1",
    });
  } catch (error) {
    result = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const at = now();
  const attempts = Number(claim.attempts) + 1;
  if (result.ok) {
    await database().query(
      `UPDATE webhook_delivery SET status = 'delivered', attempts = $2, last_status_code = $3, last_error = NULL,
              delivered_at = $4::timestamptz, updated_at = $4::timestamptz WHERE id = $1::uuid`,
      [claim.id, attempts, result.status, at],
    );
    return;
  }
  const error = result.error ?? `The receiver answered HTTP ${result.status}.`;
  if (at.getTime() - new Date(claim.created_at).getTime() >= GIVE_UP_AFTER_MS) {
    await database().query(
      `WITH failed AS (
         UPDATE webhook_delivery SET status = 'failed', attempts = $2, last_status_code = $3, last_error = $4,
                updated_at = $5::timestamptz WHERE id = $1::uuid RETURNING endpoint_id)
       UPDATE webhook_endpoint SET disabled_at = $5::timestamptz, disabled_reason = $6
        WHERE id = (SELECT endpoint_id FROM failed) AND disabled_at IS NULL`,
      [
        claim.id,
        attempts,
        result.status,
        error,
        at,
        `Deliveries failed for 3 days (last: ${error}); nothing is sent until the endpoint is registered again.`,
      ],
    );
    return;
  }
  await database().query(
    `UPDATE webhook_delivery SET attempts = $2, last_status_code = $3, last_error = $4,
            next_attempt_at = $5::timestamptz, updated_at = $6::timestamptz WHERE id = $1::uuid`,
    [claim.id, attempts, result.status, error, new Date(at.getTime() + retryDelayMs(attempts)), at],
  );
}

/** One pass: claims what is due and delivers it; answers how many deliveries were attempted. */
export async function deliverDueWebhooks(now: () => Date = () => new Date()): Promise<number> {
  const start = now();
  const claimed = await database().query<Claimed>(CLAIM, [start, new Date(start.getTime() + LEASE_MS), WEBHOOK_BATCH]);
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) await deliverOne(claimed[next++]!, now);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
  return claimed.length;
}
