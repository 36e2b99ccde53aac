// The OpenAPI document passes Redocly's recommended rules with no error and no warning, plus the
// rule against unused components (a schema nobody references is a schema nobody keeps true).
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { expect, test } from "vitest";
import { operations } from "@/app/v1/openapi.json/document";
import { buildOpenApiDocument } from "@/lib/contract/openapi/build";

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`;

test("Redocly's recommended rules find nothing in /v1/openapi.json", async () => {
  const config = await createConfig({ extends: ["recommended"], rules: { "no-unused-components": "warn" } });
  const problems = await lintFromString({
    source: JSON.stringify(buildOpenApiDocument(operations)),
    absoluteRef: "/v1/openapi.json",
    config,
  });
  expect(problems.map(describeProblem)).toEqual([]);
}, 60_000);

test("the linter is live: a document with the old faults is reported", async () => {
  const config = await createConfig({ extends: ["recommended"], rules: { "no-unused-components": "warn" } });
  const faulty = {
    ...buildOpenApiDocument(operations),
    servers: [],
    info: { title: "t", version: "1" },
  } as Record<string, unknown>;
  (faulty.components as { schemas: Record<string, unknown> }).schemas.Orphan = { type: "string" };
  const rules = (await lintFromString({ source: JSON.stringify(faulty), absoluteRef: "/x.json", config })).map(
    (p) => p.ruleId,
  );
  expect(rules).toEqual(expect.arrayContaining(["no-empty-servers", "info-license", "no-unused-components"]));
}, 60_000);
