// The API's description of itself (GET /v1/openapi.json). Imports nothing from the server.
import { z } from "zod";

export const OpenApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document." });
