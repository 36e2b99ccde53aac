// The bench's trivial route handler (../route.ts) on a route with a dynamic segment, shaped as
// /v1/resolve/[domain] is: Next.js's own work for such a route (matching, params) is part of what
// our warm resolution under next start pays, and this measures it apart. Unset, a 404.
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

let bytes: Buffer | undefined;

export function GET(): Response {
  const body = config().BENCH_REFERENCE_BODY;
  if (body === undefined) return new Response(null, { status: 404 });
  bytes ??= Buffer.from(body);
  return new Response(new Uint8Array(bytes), { headers: { "content-type": "application/json; charset=utf-8" } });
}
