// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OpenApiDocument } from "@/lib/contract/schemas/meta";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/openapi.json",
    summary: "This document",
    description: "The OpenAPI 3.1 description of the API, built from the schemas the handlers validate with.",
    tags: ["Meta"],
    errors: "single",
    responses: { 200: { description: "The document.", schema: OpenApiDocument } },
    rateLimited: false,
    usesDatabase: false,
  },
];
