// `npm run openapi:types`: writes lib/contract/client/schema.ts from the OpenAPI document.
import { writeFileSync } from "node:fs";
import { GENERATED_TYPES_FILE, generateOpenApiTypes } from "@/lib/contract/openapi/generate-types";

writeFileSync(GENERATED_TYPES_FILE, await generateOpenApiTypes());
console.log(`wrote ${GENERATED_TYPES_FILE}`);
