import "server-only";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
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

function claimDue(start: Date, leaseEnd: Date, batch: number) {
  return sqlBuilder
    .with("due", (db) =>
      db
        .selectFrom("webhook_delivery as d")
        .innerJoin("webhook_endpoint as e", (join) =>
          join.onRef("e.id", "=", "d.endpoint_id").on("e.disabled_at", "is", null),
        )
        .select("d.id")
        .where("d.status", "=", "pending")
        .where(sql<boolean>`d.next_attempt_at <= ${start}::timestamptz`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("webhook_delivery as p")
                .select(sql`1`.as("one"))
                .whereRef("p.endpoint_id", "=", "d.endpoint_id")
                .whereRef("p.object_key", "=", "d.object_key")
                .where("p.status", "=", "pending")
                .whereRef("p.seq", "<", "d.seq"),
            ),
          ),
        )
        .orderBy("d.seq")
        .limit(batch)
        .forUpdate("d")
        .skipLocked(),
    )
    .updateTable("webhook_delivery as w")
    .set({ next_attempt_at: sql<Date>`${leaseEnd}::timestamptz`, updated_at: sql<Date>`${start}::timestamptz` })
    .from(["due", "webhook_endpoint as e", "partner_event as ev"])
    .whereRef("w.id", "=", "due.id")
    .whereRef("e.id", "=", "w.endpoint_id")
    .whereRef("ev.id", "=", "w.event_id")
    .returning([
      "w.id",
      "w.endpoint_id",
      "w.event_id",
      "w.attempts",
      "w.created_at",
      "e.url",
      "e.secret_cipher",
      "ev.type",
      "ev.data",
      "ev.created_at as event_created_at",
    ]);
}
type Claimed = Awaited<ReturnType<typeof run<ReturnType<typeof claimDue>>>>[number];

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
    await run(
      sqlBuilder
        .updateTable("webhook_delivery")
        .set({
          status: "delivered",
          attempts,
          last_status_code: result.status,
          last_error: null,
          delivered_at: at,
          updated_at: at,
        })
        .where("id", "=", claim.id),
    );
    return;
  }
  const error = result.error ?? `The receiver answered HTTP ${result.status}.`;
  if (at.getTime() - new Date(claim.created_at).getTime() >= GIVE_UP_AFTER_MS) {
    await run(
      sqlBuilder
        .with("failed", (db) =>
          db
            .updateTable("webhook_delivery")
            .set({ status: "failed", attempts, last_status_code: result.status, last_error: error, updated_at: at })
            .where("id", "=", claim.id)
            .returning("endpoint_id"),
        )
        .updateTable("webhook_endpoint")
        .set({
          disabled_at: at,
          disabled_reason:
            `Deliveries failed for 3 days (last: ${error}); ` +
            "nothing is sent until the endpoint is registered again.",
        })
        .where("id", "=", (eb) => eb.selectFrom("failed").select("endpoint_id"))
        .where("disabled_at", "is", null),
    );
    return;
  }
  await run(
    sqlBuilder
      .updateTable("webhook_delivery")
      .set({
        attempts,
        last_status_code: result.status,
        last_error: error,
        next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)),
        updated_at: at,
      })
      .where("id", "=", claim.id),
  );
}

/** One pass: claims what is due and delivers it; answers how many deliveries were attempted. */
export async function deliverDueWebhooks(now: () => Date = () => new Date()): Promise<number> {
  const start = now();
  const claimed = await run(claimDue(start, new Date(start.getTime() + LEASE_MS), WEBHOOK_BATCH));
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) await deliverOne(claimed[next++]!, now);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
  return claimed.length;
}
