// The bench's trivial route handler (../route.ts) on a route with a dynamic segment, shaped as
// /v1/resolve/[domain] is: Next.js's own work for such a route (matching, params) is part of what
// our warm resolution under next start pays, and this measures it apart. Unset, a 404.
import { benchReferenceAnswer } from "../answer";

export const dynamic = "force-dynamic";

export const GET = benchReferenceAnswer;
