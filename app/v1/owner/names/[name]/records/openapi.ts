// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OWNED, OWNER } from "@/lib/contract/openapi/shared";
import { MAX_DNS_RECORDS, MAX_TEXT_RECORDS, NamePathParams, RecordsUpdateRequest } from "@/lib/contract/schemas/owner";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "put",
    path: "/v1/owner/names/{name}/records",
    summary: "Replace a name's records",
    description: `Each field present replaces that whole record set: \`walletAddrs\` (\`{ coinId, addr }\`, each address checked by its coin's codec, at most 32), \`txtRecords\` (\`{ key, value }\`, at most ${MAX_TEXT_RECORDS}), \`dnsRecords\` (\`{ type, name, value, ttl }\`: A, AAAA, CNAME, MX, TXT, NS, SRV or CAA, name \`@\` or a name under this one, at most ${MAX_DNS_RECORDS}), \`contentHash\` (\`ipfs://\`, \`ipns://\` or empty). The change resolves at once on every instance. ${OWNED}`,
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    pathParams: NamePathParams,
    body: RecordsUpdateRequest,
    responses: { 200: { description: "The name's records now.", schema: ResolveResult } },
    errorStatuses: [404, 409, 413, 415],
  },
];
