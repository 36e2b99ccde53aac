// TypeScript types of the API, generated from its OpenAPI document with openapi-typescript and
// formatted as the repository is, so lib/contract/client/schema.ts is exactly what this produces (a test
// fails when it is stale: `npm run openapi:types` writes it again).
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import * as prettier from "prettier";

export const GENERATED_TYPES_FILE = path.join(import.meta.dirname, "..", "client", "schema.ts");

const HEADER = `// Generated from GET /v1/openapi.json by \`npm run openapi:types\` (openapi-typescript); do not edit.
// A test fails when this file no longer matches the document.
`;

/** The types of a document built by buildOpenApiDocument (app/v1/openapi.json/document.ts). */
export async function generateOpenApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: true });
  const source = HEADER + astToString(ast);
  const options = (await prettier.resolveConfig(GENERATED_TYPES_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: GENERATED_TYPES_FILE });
}
