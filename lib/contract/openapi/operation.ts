// How an endpoint is described for the OpenAPI document: each route folder lists its operations in
// an openapi.ts beside its route.ts, with the same zod schemas its handler parses and answers with,
// so the document cannot drift from behaviour.
import type { z } from "zod";
import type { ErrorShape } from "../errors";

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path with `{param}` segments. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Token types allowed (OWNER: an owner session from Sign-In with Ethereum); absent without authorization. */
  auth?: readonly ("ADMIN" | "CUSTOMER")[] | readonly ["OWNER"] | readonly ["OPERATOR"];
  /** Open to anyone, and also takes a partner's token of these types (then checked: 401, 403). */
  optionalAuth?: readonly ("ADMIN" | "CUSTOMER")[];
  errors: ErrorShape;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status; `schema` absent means no body. */
  responses: Record<number, { description: string; schema?: z.ZodType; csv?: boolean }>;
  /** Client-error statuses this endpoint answers, beyond 400/401/403 that follow from the above. */
  errorStatuses?: number[];
  /** False for the few endpoints without a rate limit (their route states `rateLimit: null`): no 429. */
  rateLimited?: boolean;
  /** False for endpoints that never touch the database: no 503 for it. */
  usesDatabase?: boolean;
}
