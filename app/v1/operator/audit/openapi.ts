// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { AuditList, AuditQuery } from "@/lib/contract/schemas/operator";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/operator/audit",
    summary: "The operator's audit log",
    description: "Every hand action, newest first: who (the operator token's subject and id), when, why, what, target.",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: AuditQuery,
    responses: { 200: { description: "A page of entries.", schema: AuditList } },
  },
];
