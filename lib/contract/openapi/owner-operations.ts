import { CryptoPurchaseResponse, PurchaseResponse } from "../schemas/market";
import {
  CryptoRenewalRequest,
  MAX_DNS_RECORDS,
  MAX_TEXT_RECORDS,
  NamePathParams,
  NonceResponse,
  OwnerNamesQuery,
  OwnerNamesResponse,
  PrimaryNameRequest,
  PrimaryNameResponse,
  RecordsUpdateRequest,
  RenewalRequest,
  SessionRequest,
  SessionResponse,
  TransferRequest,
} from "../schemas/owner";
import { ResolveResult } from "../schemas/resolve";
import { UNPAID_BOUND } from "./market-operations";
import type { Operation } from "./operation";

const OWNER = ["OWNER"] as const;
const OWNED =
  "Another address's name is 403; a name in its grace period may only be renewed (409); one past it is 404.";
const RENEWAL =
  "Anyone may pay. The name must be registered or in its grace period (past it, 409: buy it instead); the " +
  "price is the name's yearly price today. The order goes through the purchase's states (PENDING → PAID → " +
  "COMPLETED, or EXPIRED / FAILED / REFUNDED); on completion only the expiry changes, extended from the " +
  "old expiry, and the order's `renewal.nameExpiresAt` and `orderStatusReason` give the new one. A payment " +
  "that arrives after the grace period ended, or for a name bought again meanwhile, fails the order (the " +
  "renewal could not be applied) and is refunded as a purchase's would be: a card through the processor " +
  "(the order ends REFUNDED with the refund id), crypto as an amount owed to the sender (GET " +
  "/v1/partner/refunds). Card money goes where a purchase of the name would send it: the connected account " +
  "of a sub-domain's parent partner, the platform for a second-level name; the request cannot choose. " +
  `\`checkoutId\` is the idempotency key. ${UNPAID_BOUND}`;

export const ownerOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/owner/nonce",
    summary: "Get a sign-in nonce",
    description:
      "A nonce for a Sign-In with Ethereum (EIP-4361) message: alphanumeric, single use, valid for 10 minutes.",
    tags: ["Owners"],
    errors: "single",
    responses: { 200: { description: "The nonce.", schema: NonceResponse } },
  },
  {
    method: "post",
    path: "/v1/owner/session",
    summary: "Sign in with Ethereum",
    description:
      "Exchanges a signed EIP-4361 message for an owner session token (about a day; " +
      "`OWNER_SESSION_HOURS`). The message must be in EIP-4361's exact form, its domain the host this " +
      "request is sent to (one of `OWNER_SIGN_IN_DOMAINS`, or a loopback host when that is unset), its URI " +
      "on that host, Chain ID 1, its nonce one from GET /v1/owner/nonce not used before, and Issued At " +
      "within the last 10 minutes; the signature is the address's EIP-191 signature: a plain key's, or a " +
      "smart-contract wallet's, judged by the wallet (EIP-1271 `isValidSignature`) or, for a wallet not yet " +
      "deployed, EIP-6492 wrapped with its factory call, on Ethereum through `ETH_RPC_URL` (without it only " +
      "plain keys sign in). A message that is not " +
      "EIP-4361 is 400; a wrong signature, domain or chain, a reused or unknown nonce or a stale message " +
      "is 401; a wallet's signature while the chain does not answer is 503.",
    tags: ["Owners"],
    errors: "single",
    body: SessionRequest,
    responses: { 201: { description: "The session.", schema: SessionResponse } },
    errorStatuses: [401, 413, 415, 503],
  },
  {
    method: "delete",
    path: "/v1/owner/session",
    summary: "Sign out",
    description: "Ends the owner session: its token stops working at once, on every instance.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    responses: { 204: { description: "Signed out." } },
  },
  {
    method: "get",
    path: "/v1/owner/names",
    summary: "List the signed-in address's names",
    description:
      "The names the session's address owns, by name: expiry, whether in the grace period (an expired name " +
      "no longer resolves and may only be renewed until `graceEndsAt`), whether it is the address's " +
      "primary name, and its records. Names past their grace period are back on the market and no longer " +
      "listed.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    query: OwnerNamesQuery,
    responses: { 200: { description: "One page of names.", schema: OwnerNamesResponse } },
  },
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
  {
    method: "put",
    path: "/v1/owner/reverse",
    summary: "Set the primary name",
    description:
      "The signed-in address's primary name, answered by reverse resolution (GET /v1/reverse/{address}); " +
      "`null` clears it. Accepted only for a registered, unexpired name whose ETH wallet record (coin type " +
      "60) is the address (409 otherwise); the name need not be the address's own.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    body: PrimaryNameRequest,
    responses: { 200: { description: "The address's primary name.", schema: PrimaryNameResponse } },
    errorStatuses: [404, 409, 413, 415],
  },
  {
    method: "post",
    path: "/v1/market/renew",
    summary: "Renew a name by card",
    description:
      `Extends a name by \`years\` (1 to 10), paid by card like a purchase (endpoint 11's session fields). ` +
      `${RENEWAL}`,
    tags: ["Marketplace"],
    errors: "single",
    optionalAuth: ["ADMIN"],
    body: RenewalRequest,
    responses: {
      200: { description: "The payment session for the client and the order id.", schema: PurchaseResponse },
    },
    errorStatuses: [404, 409, 413, 415, 502],
  },
  {
    method: "post",
    path: "/v1/market/crypto/renew",
    summary: "Renew a name by crypto",
    description:
      `Extends a name by \`years\` (1 to 10), paid in ETH, USDC or BTC to a fresh deposit address like a ` +
      `crypto purchase (endpoint 12's answer). ${RENEWAL}`,
    tags: ["Marketplace"],
    errors: "single",
    optionalAuth: ["ADMIN"],
    body: CryptoRenewalRequest,
    responses: { 200: { description: "Where and how much to pay.", schema: CryptoPurchaseResponse } },
    errorStatuses: [404, 409, 413, 415],
  },
];
