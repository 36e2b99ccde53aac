// The document GET /v1/openapi.json serves, from every route's operations (operations.ts).
import { buildOpenApiDocument } from "@/lib/contract/openapi/build";
import { operations } from "./operations";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** Built once per process: the operations and schemas never change while it runs. */
export const openApiDocument = () => (document ??= buildOpenApiDocument(operations));

export { operations };
