import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { operations } from "@/app/v1/openapi.json/document";
import { brokenOf, jsonSchemaValidator, validOf } from "./schema-arbitraries";

// The fuzz suite's schema-derived inputs are only as good as their generators: every "valid" value
// satisfies the JSON Schema its zod schema states, and every "broken" one violates it.

const schemas = operations.flatMap((op) =>
  (["body", "query", "pathParams"] as const)
    .filter((part) => op[part] !== undefined)
    .map((part) => [`${op.method.toUpperCase()} ${op.path} ${part}`, op[part] as z.ZodType] as const),
);

describe("generators from zod schemas", () => {
  test("there are request schemas to derive from", () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  test.each(schemas)("%s: valid values pass and broken values fail its JSON Schema", (_, schema) => {
    const validate = jsonSchemaValidator(schema);
    for (const value of fc.sample(validOf(schema), { numRuns: 40, seed: 1 }))
      expect(validate(value), `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
    for (const value of fc.sample(brokenOf(schema), { numRuns: 40, seed: 2 }))
      expect(validate(value), `${JSON.stringify(value)} was not refused`).toBe(false);
  });
});
