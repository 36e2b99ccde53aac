import { config } from "@/lib/config";

let cached: { body: string; bytes: Uint8Array } | undefined;

/** BENCH_REFERENCE_BODY as JSON, or a 404 when it is unset (every deployment). */
export function benchReferenceAnswer(): Response {
  const body = config().BENCH_REFERENCE_BODY;
  if (body === undefined) return new Response(null, { status: 404 });
  if (cached?.body !== body) cached = { body, bytes: new Uint8Array(Buffer.from(body)) };
  return new Response(cached.bytes.slice(), { headers: { "content-type": "application/json; charset=utf-8" } });
}
