import { z } from "zod";
import { ErrorResponse, ErrorsResponse, ServerErrorResponse } from "../schemas/common";
import type { Operation } from "./operation";
import { marketOperations } from "./market-operations";
import { partnerOperations } from "./partner-operations";
import { registryOperations } from "./registry-operations";

export const operations: Operation[] = [...registryOperations, ...partnerOperations, ...marketOperations];

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input: the field at fault is named.",
  401: "Missing, malformed, expired, not-yet-valid or deleted access token.",
  403: "The token's type may not call this endpoint.",
  404: "Unknown resource.",
  409: "Not available, or the idempotency key was used with another body.",
  413: "Body larger than 64 KB.",
  415: "Body is not JSON.",
  429: "Rate limited; see Retry-After.",
  502: "The name service's source answered something unusable.",
  503: "The name service is not configured or unreachable.",
  504: "The name service's source did not answer in time.",
};

/** The OpenAPI 3.1 document of the /v1 API. */
export function buildOpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const errorRef = op.errors === "single" ? "#/components/schemas/ErrorResponse" : "#/components/schemas/ErrorsResponse";
    const errorContent = { "application/json": { schema: { $ref: errorRef } } };
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      responses[status] = response.schema
        ? { description: response.description, content: { "application/json": { schema: schemaOf(response.schema) } } }
        : { description: response.description };
    }
    const clientErrors = new Set([400, ...(op.auth ? [401, 403] : []), ...(op.errorStatuses ?? [])]);
    for (const status of [...clientErrors].sort()) responses[status] = { description: STATUS_TEXT[status] ?? "Client error.", content: errorContent };
    responses["500"] = { description: "Unexpected failure; nothing internal is revealed.", content: { "application/json": { schema: { $ref: "#/components/schemas/ServerErrorResponse" } } } };

    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: op.summary,
      description: op.description,
      tags: op.tags,
      security: op.auth ? [{ bearerAuth: [] }] : [],
      parameters: [...parametersOf(op.pathParams, "path"), ...parametersOf(op.query, "query")],
      requestBody: op.body ? { required: true, content: { "application/json": { schema: schemaOf(op.body) } } } : undefined,
      responses,
      "x-token-types": op.auth,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Name resolution, namespace and marketplace API",
      version: "1.0.0",
      description: "Resolve names of the native registry, ENS, Unstoppable Domains and ICANN; manage parent domains and partner tokens; buy names by card or crypto.",
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: componentSchemas(),
    },
  };
}

function componentSchemas(): Record<string, unknown> {
  // Every schema with a `meta({ id })` is emitted once, and referenced by $ref elsewhere.
  void [ErrorResponse, ErrorsResponse, ServerErrorResponse];
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: "any" });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, stripDialect(schema)]));
}

function schemaOf(schema: z.ZodType): unknown {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: `#/components/schemas/${id}` };
  const json = z.toJSONSchema(schema, { uri: (ref) => `#/components/schemas/${ref}`, unrepresentable: "any", io: "output" }) as Record<string, unknown>;
  return stripDialect(json);
}

function parametersOf(object: z.ZodObject | undefined, where: "path" | "query") {
  if (!object) return [];
  return Object.entries(object.shape).map(([name, schema]) => {
    const field = schema as z.ZodType;
    const json = stripDialect(z.toJSONSchema(field, { io: "input", unrepresentable: "any", uri: (ref) => `#/components/schemas/${ref}` }) as Record<string, unknown>);
    return {
      name,
      in: where,
      required: where === "path" || !field.safeParse(undefined).success,
      description: (z.globalRegistry.get(field)?.description as string | undefined) ?? undefined,
      schema: json,
    };
  });
}

function stripDialect(schema: unknown): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}
