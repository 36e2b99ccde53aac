import { expect, test } from "vitest";
import { openApiDocument, operations } from "@/app/v1/openapi.json/document";

test("every operation is in the document with its error shape and security", () => {
  const doc = openApiDocument();
  expect(doc.openapi).toBe("3.1.0");
  for (const op of operations) {
    const entry = (doc.paths[op.path] as Record<string, { security: unknown[]; responses: Record<string, unknown> }>)[
      op.method
    ];
    expect(entry, `${op.method} ${op.path}`).toBeDefined();
    expect(entry.security.length > 0).toBe(Boolean(op.auth || op.optionalAuth));
    // An optional token: anonymous calls are allowed too.
    if (op.optionalAuth) expect(entry.security).toEqual([{}, { bearerAuth: [] }]);
    expect(Object.keys(entry.responses)).toContain("500");
  }
  const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  expect(Object.keys(schemas.AccessToken.properties ?? {}).sort()).toEqual([
    "createdAt",
    "id",
    "label",
    "partnerId",
    "type",
    "updatedAt",
    "validFrom",
    "validTill",
    "value",
  ]);
  expect(schemas.ErrorsResponse).toBeDefined();
  // Every $ref points at a schema the document defines.
  const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
  for (const ref of refs) expect(schemas[ref.slice(22, -1)], ref).toBeDefined();
});
