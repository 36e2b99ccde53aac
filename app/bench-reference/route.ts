// A trivial route handler for `npm run bench:http` with BENCH_NEXT=1: under `next start` it answers
// BENCH_REFERENCE_BODY (a warm resolution's bytes) as JSON, so the bench sets our warm resolution
// against Next.js's own cost in the same build. Unset, as in every deployment, the path is a 404.
// Not an API route: npm start's router serves app/v1, app/api and app/metrics only.
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

let bytes: Buffer | undefined;

export function GET(): Response {
  const body = config().BENCH_REFERENCE_BODY;
  if (body === undefined) return new Response(null, { status: 404 });
  bytes ??= Buffer.from(body);
  return new Response(new Uint8Array(bytes), { headers: { "content-type": "application/json; charset=utf-8" } });
}
