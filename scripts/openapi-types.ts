// `npm run openapi:types`: writes lib/contract/client/schema.ts from the OpenAPI document.
import { writeFileSync } from "node:fs";
import { openApiDocument } from "@/app/v1/openapi.json/document";
import { GENERATED_TYPES_FILE, generateOpenApiTypes } from "@/lib/contract/openapi/generate-types";

writeFileSync(GENERATED_TYPES_FILE, await generateOpenApiTypes(openApiDocument()));
console.log(`wrote ${GENERATED_TYPES_FILE}`);
