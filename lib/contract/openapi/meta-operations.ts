import { OpenApiDocument } from "../schemas/meta";
import type { Operation } from "./operation";

export const metaOperations: Operation[] = [
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
