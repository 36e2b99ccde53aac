// The typed client's types (lib/contract/client/schema.ts) are generated from the OpenAPI document; when
// an endpoint or schema changes, this fails until `npm run openapi:types` is run again.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { openApiDocument } from "@/app/v1/openapi.json/document";
import { GENERATED_TYPES_FILE, generateOpenApiTypes } from "@/lib/contract/openapi/generate-types";

test("lib/contract/client/schema.ts matches the OpenAPI document (else: npm run openapi:types)", async () => {
  const committed = readFileSync(GENERATED_TYPES_FILE, "utf8");
  const fresh = await generateOpenApiTypes(openApiDocument());
  expect(committed === fresh, "lib/contract/client/schema.ts is stale: run `npm run openapi:types`").toBe(true);
  expect(fresh).toContain('"/v1/resolve/{domain}"');
}, 60_000);
