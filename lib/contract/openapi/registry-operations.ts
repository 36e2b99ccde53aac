import { z } from "zod";
import {
  BulkIssueItem,
  BulkIssueRequest,
  BulkIssueResponse,
  IssuedSubdomain,
  PageQuery,
  ParentDomainPath,
  ParentDomainValidation,
  ParentSettings,
  ParentSettingsRequest,
  ReverseInParentPath,
  ReverseResolveInParent,
  RevokedSubdomain,
  RevokeQuery,
  SubdomainListPage,
  SubdomainListQuery,
  SubdomainPath,
  SubdomainPerDayPage,
} from "../schemas/parent";
import {
  BatchResolveRequest,
  BatchResolveResponse,
  ResolveQuery,
  ResolveResult,
  ReverseQuery,
} from "../schemas/resolve";
import type { Operation } from "./operation";

const READERS = ["ADMIN", "CUSTOMER"] as const;
const foreignParent = "Another partner's parent domain answers 403 (names are public; their sub-domain data is not).";

export const registryOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/resolve/{domain}",
    summary: "Resolve a name",
    description:
      "Wallets, DNS and text records, content hash and owner of a name. `nameservice` chooses the service; " +
      "absent, the TLD decides " +
      "(native TLDs, `.eth` → ens, Unstoppable Domains TLDs → ud, ICANN suffixes → icann; otherwise 400). " +
      "Names are normalized " +
      "(ENSIP-15 for web3 services, UTS-46 for ICANN) exactly as sent: surrounding spaces or an empty " +
      "label are 400, nothing is " +
      "trimmed. ENS names behind an offchain resolver are read through its CCIP-Read gateway (EIP-3668): a " +
      "gateway that fails is " +
      "502, one that does not answer 504, an answer the resolver refuses (its signature does not verify) 502. " +
      "A service that is not configured answers 503.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    pathParams: z.object({ domain: z.string() }),
    query: ResolveQuery,
    responses: { 200: { description: "The name's records.", schema: ResolveResult } },
    errorStatuses: [404, 502, 503, 504],
  },
  {
    method: "post",
    path: "/v1/resolve",
    summary: "Resolve up to 100 names",
    description:
      "Each name is answered on its own with the status endpoint 1 would give it, and counts as one " +
      "request against the " +
      "token's resolution rate limit: a batch the remaining budget cannot hold is 429 as a whole.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    body: BatchResolveRequest,
    responses: { 200: { description: "One result per name, in request order.", schema: BatchResolveResponse } },
    errorStatuses: [413, 415],
  },
  {
    method: "get",
    path: "/v1/reverse/{address}",
    summary: "Reverse-resolve an address",
    description:
      "The name the address chose, verified. Native: the address's primary name (set by the address " +
      "while signed in, PUT /v1/owner/reverse) while its ETH wallet is the address; without one, 404: " +
      "a name someone else bought naming the address as owner is never its answer. ENS: the ENSIP-19 " +
      "primary name, on Ethereum " +
      "unless `coins` names another EVM chain; the chain's reverse namespace is read first, then the " +
      "default one, and the name " +
      "counts only when its address for that chain is the address. Without `nameservice`: native, then ENS, then UD.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    pathParams: z.object({ address: z.string() }),
    query: ReverseQuery,
    responses: { 200: { description: "The name's records.", schema: ResolveResult } },
    errorStatuses: [404, 502, 503, 504],
  },
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
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/list",
    summary: "List sub-domains, newest first",
    description:
      `Keyset-paginated: pass \`nextPaginationToken\` back as \`pageToken\`; it is empty on the last page. A ` +
      "forged, foreign or day-old token, or one from a listing with other filters, is 400. Ours: " +
      "`labelPrefix` keeps sub-names whose label starts with it, `ownerAddress` those its address owns; " +
      `\`total\` then counts what the filters keep. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: READERS,
    errors: "list",
    pathParams: ParentDomainPath,
    query: SubdomainListQuery,
    responses: { 200: { description: "One page of sub-domains.", schema: SubdomainListPage } },
    errorStatuses: [404],
  },
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/per-day",
    summary: "Sub-domains created per day",
    description: `One aggregate per UTC day with sub-domains, newest first, paginated as the list. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: READERS,
    errors: "list",
    pathParams: ParentDomainPath,
    query: PageQuery,
    responses: { 200: { description: "One page of daily counts.", schema: SubdomainPerDayPage } },
    errorStatuses: [404],
  },
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve",
    summary: "Reverse-resolve an address within a parent domain",
    description:
      "The address's sub-domain of the parent (letter case ignored): its primary name when that is a " +
      "sub-domain of the parent whose ETH wallet is the address, else the newest sub-domain the partner " +
      "issued to it (POST /v1/parentdomains/{parentDomain}/subdomains) that it still owns. A sub-domain " +
      "someone bought naming the address as owner is never the answer (404).",
    tags: ["Parent domains"],
    errors: "single",
    pathParams: ReverseInParentPath,
    responses: { 200: { description: "The sub-domain.", schema: ReverseResolveInParent } },
    errorStatuses: [404],
  },
  {
    method: "post",
    path: "/v1/parentdomains/{parentDomain}/subdomains",
    summary: "Issue one sub-domain, or up to 100",
    description:
      `A partner ADMIN registers \`label.parentDomain\` to an owner directly. The parent must be enabled and ` +
      "unexpired. A name that is registered, or held by an order awaiting or confirming payment, is 409. " +
      "An array of up to 100 `{label, ownerAddress, records?}` is answered 200 item by item (`created`, " +
      "`conflict`, `invalid` with the fields at fault), each in its own transaction, and counts one request " +
      `per item against the partner's rate limit. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: ParentDomainPath,
    body: z.union([BulkIssueItem, BulkIssueRequest]),
    responses: {
      200: { description: "Bulk: one result per item, in request order.", schema: BulkIssueResponse },
      201: { description: "The new sub-domain.", schema: IssuedSubdomain },
    },
    errorStatuses: [404, 409, 413, 415],
  },
  {
    method: "delete",
    path: "/v1/parentdomains/{parentDomain}/subdomains/{label}",
    summary: "Revoke a sub-domain",
    description:
      "The sub-name stops resolving on every instance when the request answers, and its label can be issued " +
      "again. A sub-name someone bought whose paid term has not ended is 409 unless `refund=prorata`: then " +
      "each payment of its current registration is owed back in the share of the term not used, recorded as " +
      "a DUE refund (`GET /v1/partner/refunds`). A sub-name with sub-names of its own is 409. " +
      foreignParent,
    tags: ["Parent domains"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: SubdomainPath,
    query: RevokeQuery,
    responses: { 200: { description: "The revoked sub-name and the refunds owed.", schema: RevokedSubdomain } },
    errorStatuses: [404, 409],
  },
];
