import { z } from "zod";
// Registers the error body schemas (ErrorResponse, ErrorsResponse, ServerErrorResponse) as components.
import "../schemas/common";
import type { Operation } from "./operation";

const STATUS_TEXT: Record<number, string> = {
  400:
    "Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the " +
    "field at fault is named.",
  401: "Missing, malformed, expired, not-yet-valid or deleted access token.",
  403: "The token's type may not call this endpoint.",
  404: "Unknown resource.",
  409: "Not available, or the idempotency key was used with another body.",
  413: "Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed.",
  415: "Body is not JSON.",
  429:
    "Rate limited (a batch counts each name), or too many failed authentications from this address: `field` " +
    "is `rate`; retry after `Retry-After` seconds.",
  502:
    "The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something " +
    "unusable.",
  503:
    "Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint " +
    "needs (a name service, a payment chain) is not configured or unreachable; the body says which.",
  504: "The name service's source did not answer in time.",
};

const RATE_LIMIT_HEADERS = {
  "Retry-After": { description: "Seconds until the window ends.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Limit": { description: "Requests allowed per window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until the window ends.", schema: { type: "integer", minimum: 0 } },
};

const SECURITY_SCHEME: Record<string, string> = { OWNER: "ownerSession", OPERATOR: "operatorToken" };

/**
 * The OpenAPI 3.1 document of the /v1 API from its operations, which live beside their routes
 * (collected in app/v1/openapi.json/operations.ts; this area does not import app/).
 */
export function buildOpenApiDocument(operations: readonly Operation[], serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const errorRef =
      op.errors === "single" ? "#/components/schemas/ErrorResponse" : "#/components/schemas/ErrorsResponse";
    const errorContent = { "application/json": { schema: { $ref: errorRef } } };
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: {
              "application/json": { schema: schemaOf(operations, response.schema) },
              ...(response.csv && { "text/csv": { schema: { type: "string" } } }),
            },
          }
        : { description: response.description };
    }
    // Every operation may be rate limited (429) and may find the database unavailable (503), both
    // answered in the endpoint's error shape.
    const errorStatuses = new Set([
      400,
      ...(op.auth || op.optionalAuth ? [401, 403] : []),
      ...(op.errorStatuses ?? []),
      ...(op.rateLimited === false ? [] : [429]),
      ...(op.usesDatabase === false ? [] : [503]),
    ]);
    for (const status of [...errorStatuses].sort()) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? "Client error.",
        ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
        content: errorContent,
      };
    }
    responses["500"] = {
      description: "Unexpected failure; nothing internal is revealed.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ServerErrorResponse" } } },
    };

    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: op.method + camelCasePath(op.path),
      summary: op.summary,
      description: op.description,
      tags: op.tags,
      // Optional: `{}` is "no credentials", so either requirement is met (OpenAPI 3.1, 4.8.10).
      security: op.auth
        ? [{ [SECURITY_SCHEME[op.auth[0]!] ?? "bearerAuth"]: [] }]
        : op.optionalAuth
          ? [{}, { bearerAuth: [] }]
          : [],
      parameters: [...parametersOf(operations, op.pathParams, "path"), ...parametersOf(operations, op.query, "query")],
      requestBody: op.body
        ? { required: true, content: { "application/json": { schema: schemaOf(operations, op.body) } } }
        : undefined,
      responses,
      "x-token-types": op.auth ?? op.optionalAuth,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Name resolution, namespace and marketplace API",
      version: "1.0.0",
      description:
        "Resolve names of the native registry, ENS, Unstoppable Domains and ICANN; manage parent domains " +
        "and partner tokens; buy names by card or crypto.",
      // No open-source licence: a private service (package.json "private"); SPDX names such terms LicenseRef-*.
      license: { name: "Proprietary", identifier: "LicenseRef-namesvc-proprietary" },
    },
    // Relative to where the document is served: the origin that answers /v1/openapi.json.
    servers: [{ url: serverUrl ?? "/", description: "This service" }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A partner access token." },
        operatorToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "An operator token from `npm run operator -- token`; no partner or owner token passes for it.",
        },
        ownerSession: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "An owner session token from POST /v1/owner/session (Sign-In with Ethereum). Partner endpoints " +
            "refuse it; owner endpoints refuse partner tokens.",
        },
      },
      schemas: conversion(operations).components,
    },
  };
}

/**
 * Component schemas (every schema with a `meta({ id })`) and the inline schemas of operations,
 * converted in one pass so that nested components become $refs.
 */
function convertAll(operations: readonly Operation[]) {
  const registry = z.registry<{ id: string }>();
  const inline = new Map<z.ZodType, string>();
  const visit = (schema: z.ZodType | undefined) => {
    if (!schema || z.globalRegistry.get(schema)?.id || inline.has(schema)) return;
    inline.set(schema, `__inline${inline.size}`);
  };
  for (const op of operations) {
    visit(op.body);
    for (const response of Object.values(op.responses)) visit(response.schema);
    for (const object of [op.pathParams, op.query])
      for (const field of Object.values(object?.shape ?? {})) visit(field as z.ZodType);
  }
  for (const [schema, id] of inline) registry.add(schema, { id });
  // Global ids first, so nested references resolve to components.
  const { schemas: globals } = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  const { schemas: locals } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
    io: "input",
  });
  const components = Object.fromEntries(Object.entries(globals).map(([id, schema]) => [id, stripDialect(schema)]));
  const inlineJson = new Map<z.ZodType, Record<string, unknown>>();
  // A component used inside an inline schema (NameService in a query parameter) comes back as a
  // reference into zod's "__shared" bundle; it is a component already, so point there.
  const toComponents = (json: unknown) =>
    JSON.parse(
      JSON.stringify(json).replace(/#\/components\/schemas\/__shared#\/\$defs\/([A-Za-z0-9_]+)/g, (ref, id: string) =>
        id in globals ? `#/components/schemas/${id}` : ref,
      ),
    );
  for (const [schema, id] of inline) inlineJson.set(schema, stripDialect(toComponents(locals[id])));
  return { components, inlineJson };
}

const converted = new WeakMap<readonly Operation[], ReturnType<typeof convertAll>>();

function conversion(operations: readonly Operation[]) {
  let done = converted.get(operations);
  if (!done) converted.set(operations, (done = convertAll(operations)));
  return done;
}

function schemaOf(operations: readonly Operation[], schema: z.ZodType): unknown {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: `#/components/schemas/${id}` };
  return conversion(operations).inlineJson.get(schema) ?? {};
}

function parametersOf(operations: readonly Operation[], object: z.ZodObject | undefined, where: "path" | "query") {
  if (!object) return [];
  return Object.entries(object.shape).map(([name, schema]) => {
    const field = schema as z.ZodType;
    return {
      name,
      in: where,
      required: where === "path" || !field.safeParse(undefined).success,
      description: (z.globalRegistry.get(field)?.description as string | undefined) ?? undefined,
      schema: schemaOf(operations, field),
    };
  });
}

function stripDialect(schema: unknown): Record<string, unknown> {
  // A parameter schema converted alone gets an `$id` under the `uri` option; it is not a component.
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  if (typeof rest.$id === "string" && rest.$id.includes("__inline")) delete rest.$id;
  return rest;
}

/** `/v1/market/order/{orderID}` → `V1MarketOrderOrderID`: the path part of an operationId. */
function camelCasePath(path: string): string {
  return path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase());
}
