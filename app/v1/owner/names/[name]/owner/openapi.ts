// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OWNED, OWNER } from "@/lib/contract/openapi/shared";
import { NamePathParams, TransferRequest } from "@/lib/contract/schemas/owner";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "put",
    path: "/v1/owner/names/{name}/owner",
    summary: "Transfer a name",
    description:
      `Moves the name, with its records, to \`ownerAddress\`: it appears in the new owner's list, and the ` +
      `old owner can no longer change it. ${OWNED}`,
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    pathParams: NamePathParams,
    body: TransferRequest,
    responses: { 200: { description: "The name's records, with its new owner.", schema: ResolveResult } },
    errorStatuses: [404, 409, 413, 415],
  },
];
