// The OpenAPI 3.1 document of the whole /v1 API, built from the same zod schemas the handlers use.
import { endpoint, json } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { openApiDocument } from "./document";

export const dynamic = "force-dynamic";

// A static document, cached by clients and proxies: any origin, no rate limit.
export const GET = endpoint(
  { errors: "single", cors: "public", rateLimit: null, headers: { "access-control-allow-origin": "*" } },
  async () => json(openApiDocument(), 200, { "cache-control": "public, max-age=300" }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
