// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { READERS, foreignParent } from "@/lib/contract/openapi/shared";
import {
  ParentDomainPath,
  ParentDomainValidation,
  ParentSettings,
  ParentSettingsRequest,
} from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}",
    summary: "Validate a parent domain",
    description:
      "`status` is true when the name exists in the native registry, belongs to the calling partner, has " +
      "sub-domain issuance enabled, " +
      "is not expired and has a sub-domain price; `reason` holds one sentence per failed check.",
    tags: ["Parent domains"],
    auth: READERS,
    errors: "list",
    pathParams: ParentDomainPath,
    responses: { 200: { description: "Validation result.", schema: ParentDomainValidation } },
  },
  {
    method: "patch",
    path: "/v1/parentdomains/{parentDomain}",
    summary: "Change a parent domain's sub-domain settings",
    description: `Enable or disable sub-domain issuance and set the yearly price in USD. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: ParentDomainPath,
    body: ParentSettingsRequest,
    responses: { 200: { description: "The settings now in force.", schema: ParentSettings } },
    errorStatuses: [404, 413, 415],
  },
];
