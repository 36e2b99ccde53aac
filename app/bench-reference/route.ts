// A trivial route handler for `npm run bench:http` with BENCH_NEXT=1: under `next start` it answers
// BENCH_REFERENCE_BODY (a warm resolution's bytes) as JSON, so the bench sets our warm resolution
// against Next.js's own cost in the same build. Unset, as in every deployment, the path is a 404.
// Not an API route: npm start's router serves app/v1, app/api and app/metrics only.
import { benchReferenceAnswer } from "./answer";

export const dynamic = "force-dynamic";

export const GET = benchReferenceAnswer;
