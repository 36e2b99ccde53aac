// fast-check generators of HTTP requests for every endpoint: valid-ish requests and hostile ones
// (wrong types, unexpected fields, huge and unicode strings, malformed JSON, wrong content types,
// forged tokens, odd path segments). URLs and headers stay under node's 16 KB header limit, past
// which node itself answers 431 without a body before the application sees the request. Each endpoint names its
// success schema and error shape, so the property test can check every answer against the interface.
// A /v1 endpoint's path parameters, query and body come from its OpenAPI operation's zod schemas
// (fromOperation, ./schema-arbitraries.ts); the /api routes and /metrics publish no operation, so
// theirs are written here, as is the owner sign-in (a message signed by the world's account).
import fc from "fast-check";
import { namehash } from "viem";
import { z } from "zod";
import { ErrorsResponse, ServerErrorResponse } from "@/lib/contract/schemas/common";
import { CryptoPurchaseResponse, NameAvailability, Order, PurchaseResponse } from "@/lib/contract/schemas/market";
import {
  BulkIssueResponse,
  RevokedSubdomain,
  IssuedSubdomain,
  ParentDomainValidation,
  ParentSettings,
  ReverseResolveInParent,
  SubdomainListPage,
  SubdomainPerDayPage,
} from "@/lib/contract/schemas/parent";
import { NonceResponse, OwnerNamesResponse, PrimaryNameResponse, SessionResponse } from "@/lib/contract/schemas/owner";
import {
  AuditList,
  OperatorActionResult,
  OperatorOverview,
  ReconciliationResponse,
} from "@/lib/contract/schemas/operator";
import {
  AccessToken,
  AccessTokenList,
  BoundOwnerAddress,
  BoundOwnerAddressList,
  PartnerPurchases,
} from "@/lib/contract/schemas/partner";
import {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpointList,
} from "@/lib/contract/schemas/webhooks";
import { LedgerCheckResponse } from "@/lib/contract/schemas/ledger-check";
import { PartnerPayout } from "@/lib/contract/schemas/partner-payouts";
import { StatementResponse } from "@/lib/contract/schemas/statement";
import { OrderRefundList, PayoutAccount, RefundClaimLinkSent, RefundList } from "@/lib/contract/schemas/refunds";
import { BatchResolveResponse, ResolveResult } from "@/lib/contract/schemas/resolve";
import { CcipReadResponse, GatewayInfoResponse } from "@/lib/contract/schemas/ens";
import { COIN_CODES } from "@/lib/names/coin-codes";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { TestPayResponse } from "@/lib/market/pay-test-intent";
import { operations } from "@/app/v1/openapi.json/document";
import { brokenOf, textFieldsOf, validishOf, validOf, type Seeds } from "./schema-arbitraries";

export interface FuzzRequest {
  endpoint: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent with a method its route does not serve: the answer must be 405. */
  unserved?: boolean;
}

/** A success answered in Prometheus' text format rather than JSON (GET /metrics). */
export const PROMETHEUS_TEXT = z.string();

export interface EndpointSpec {
  /** The route it fuzzes, as the router lists it: `GET /v1/resolve/{domain}`. */
  name: string;
  /** Success schema by status; a null schema means "no body" (204). */
  success: Record<number, z.ZodType | null>;
  errors: "single" | "list";
  arbitrary: fc.Arbitrary<FuzzRequest>;
}

/** What the fixtures of the test created, so valid-ish requests can reach deep code paths. */
export interface FuzzWorld {
  tokens: Record<TokenKind, string>;
  partnerId: string;
  otherPartnerId: string;
  parentName: string;
  otherParentName: string;
  names: string[];
  owner: string;
  ethWallet: string;
  btcWallet: string;
  orderIds: string[];
  clientSecrets: string[];
  disposableTokenIds: string[];
  otherPartnerTokenId: string;
  /** A webhook receiver of the partner and one of its deliveries. */
  webhookId: string;
  webhookDeliveryId: string;
  /** A receiver the fuzzer may delete, and a sub-name label of the parent it may revoke. */
  disposableWebhookId: string;
  revocableLabel: string;
  /**
   * The owner side: a signed-in owner, its names (ETH record its own), sessions to sign out, signed sign-in
   * messages.
   */
  signedIn: {
    address: string;
    token: string;
    names: string[];
    disposableTokens: string[];
    signIns: { message: string; signature: string }[];
  };
}

export type TokenKind = "admin" | "customer" | "otherAdmin" | "expired" | "deleted" | "forged" | "algNone" | "otherKey";

// Strict forms of the error bodies: nothing beyond the interface's fields.
export const StrictErrorResponse = z.object({ field: z.string(), info: z.string() }).strict();
export const StrictErrorsResponse = ErrorsResponse.extend({ errors: z.array(StrictErrorResponse).min(1) }).strict();
export const StrictServerError = ServerErrorResponse.strict();

// ---------------------------------------------------------------- strings, numbers, JSON values

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\t\n\r",
  "\u202eevil.web3",
  "аlice.web3", // Cyrillic а
  "ALICE.WEB3",
  "alice..web3",
  ".web3",
  "alice.web3.",
  "xn--80ak6aa92e.web3",
  "💩.web3",
  "a\u200db.web3",
  "\ufeffalice.web3",
  "\ud800",
  "0x",
  "0x0000000000000000000000000000000000000000",
  "0xZZ8ba1f109551bD432803012645Ac136ddd64DBA",
  "0х8ba1f109551bD432803012645Ac136ddd64DBA72", // Cyrillic х
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://x}",
  "%00",
  "../../etc/passwd",
  "null",
  "true",
  "1e309",
  "-0",
  "NaN",
  "__proto__",
  "constructor",
  "x".repeat(254),
  "a.".repeat(130) + "web3",
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 1200 }).map((n) => "é".repeat(n)) },
);

// Strings a schema takes that storage may not: NUL (PostgreSQL text cannot hold it) and lone
// surrogates (no Unicode text; Prisma's engine cannot carry them). Schema-derived string fields get
// them more often than hostileString alone gives them.
const unstorableString = fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udfffy", "\udbff\udbff");
const fieldString = fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: unstorableString });

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 32),
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

// ---------------------------------------------------------------- names, addresses, ids

const LABELS = fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,6})?$/);
const TLDS = ["web3", "meta", "eth", "crypto", "x", "com", "example", "nosuchtld"] as const;

function nameArb(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.names, world.parentName, world.otherParentName) },
    { weight: 3, arbitrary: fc.tuple(LABELS, fc.constantFrom(...TLDS)).map(([label, tld]) => `${label}.${tld}`) },
    { weight: 1, arbitrary: LABELS.map((label) => `${label}.${world.parentName}`) },
    { weight: 2, arbitrary: hostileString },
  );
}

function addressArb(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(world.owner, world.owner.toLowerCase(), world.ethWallet) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        world.owner.replace("8b", "8B"),
        `${world.owner}00`,
        world.owner.slice(0, 41),
        world.btcWallet,
      ),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/) },
    { weight: 2, arbitrary: hostileString },
  );
}

const uuidArb = fc.uuid();

// ---------------------------------------------------------------- tokens and headers

function authHeader(world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  return fc
    .oneof(
      { weight: 8, arbitrary: fc.constant(`Bearer ${world.tokens.admin}`) },
      { weight: 2, arbitrary: fc.constant(`Bearer ${world.tokens.customer}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ...(["otherAdmin", "expired", "deleted", "forged", "algNone", "otherKey"] as const).map(
            (k) => `Bearer ${world.tokens[k]}`,
          ),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "",
          "Bearer",
          "Bearer ",
          "Basic dXNlcjpwYXNz",
          `bearer ${world.tokens.admin}`,
          `Bearer  ${world.tokens.admin}`,
          `Token ${world.tokens.admin}`,
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .string({ unit: fc.constantFrom(..."abcXYZ019-_.=/+ "), maxLength: 4000 })
          .map((junk) => `Bearer ${junk}`),
      },
      { weight: 1, arbitrary: fc.constant(null) },
    )
    .map((value): Record<string, string> => (value === null ? {} : { authorization: value }));
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
];

// ---------------------------------------------------------------- bodies

/** A body built from a valid-ish object: as it is, with one field broken, with a field too many, or not JSON at all. */
function bodyArb(
  valid: fc.Arbitrary<Record<string, unknown>>,
  validWeight = 2,
  clean?: fc.Arbitrary<Record<string, unknown>>,
  cleanWeight = 2,
): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const asJson = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });
  const brokenField = fc.tuple(valid, fc.nat(), hostileJson, fc.boolean()).map(([object, index, value, remove]) => {
    const keys = Object.keys(object);
    if (keys.length === 0) return { ...object, junk: value };
    const key = keys[index % keys.length];
    const copy: Record<string, unknown> = { ...object };
    if (remove) delete copy[key];
    else copy[key] = value;
    return copy;
  });
  const extraField = fc
    .tuple(valid, fc.constantFrom("admin", "orderStatus", "__proto__", "id", "price", "x"), hostileJson)
    .map(([object, key, value]) =>
      // A list body (a bulk request) gets an item with the field too many.
      Array.isArray(object)
        ? [...(object as unknown[]), { [key]: value }]
        : // `__proto__` as an own key only survives JSON text, which is exactly what a client can send.
          key === "__proto__"
          ? JSON.parse(
              `{"__proto__":${JSON.stringify(value ?? null)}` +
                (Object.keys(object).length > 0 ? `,${JSON.stringify(object).slice(1)}` : "}"),
            )
          : { ...object, [key]: value },
    );
  const malformed = fc.oneof(
    fc.string({ maxLength: 60 }),
    valid.map((object) => JSON.stringify(object).slice(0, -1)),
    fc.constantFrom("{", "[", "{}}", '{"a":}', "nul", "\u0000", "{'single':'quotes'}", '{"a":1,}', "\ufeff{}", "   "),
  );
  return fc.oneof(
    { weight: clean ? cleanWeight : 0, arbitrary: (clean ?? valid).map(asJson) },
    { weight: validWeight, arbitrary: valid.map(asJson) },
    { weight: 4, arbitrary: brokenField.map(asJson) },
    { weight: 1, arbitrary: extraField.map(asJson) },
    { weight: 1, arbitrary: hostileJson.map(asJson) },
    { weight: 1, arbitrary: malformed.map((body) => ({ body, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
        .map(([object, contentType]) => ({ body: JSON.stringify(object), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(66_000, 70_000, 200_000)
        .map((n) => ({ body: JSON.stringify({ domain: "a".repeat(n) }), contentType: "application/json" })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function walletAddrsArb(world: FuzzWorld): fc.Arbitrary<unknown> {
  const wallet = fc.oneof(
    fc.constantFrom(
      { coinId: 60, addr: world.ethWallet },
      { coinId: 0, addr: world.btcWallet },
      { coinId: 60, addr: world.btcWallet },
      { coinId: 2147492101, addr: world.ethWallet },
    ),
    fc.record({ coinId: fc.oneof(fc.integer({ min: -2, max: 2 ** 32 + 1 }), hostileNumber), addr: addressArb(world) }),
  );
  return fc.array(wallet, { maxLength: 3 });
}

// ---------------------------------------------------------------- paths and queries

const RAW_SEGMENTS = [
  "%",
  "%ZZ",
  "%C0%AF",
  "%00",
  "%2F",
  "a%2Fb",
  "%E2%80%AE",
  "%F0%9F%98%80",
  "%25",
  "%FF%FE",
  "alice%2eweb3",
  "%20",
];

function encodeSegment(text: string): string {
  try {
    const encoded = encodeURIComponent(text);
    // "." and ".." (also as %2E) are dot-segments the URL parser removes before the request is sent.
    return encoded === "" || /^(\.|%2e){1,2}$/i.test(encoded) ? "x" : encoded;
  } catch {
    return "x"; // a lone surrogate cannot be percent-encoded
  }
}

function segmentArb(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(encodeSegment) },
    { weight: 2, arbitrary: hostileString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function queryArb(
  params:
    Record<string, fc.Arbitrary<string | undefined>> | fc.Arbitrary<Record<string, string | string[] | undefined>>,
): fc.Arbitrary<string> {
  const extra = fc.option(
    fc.constantFrom(
      "&%ZZ=1",
      "&pageSize=%",
      "&=",
      "&&&",
      "&unexpected=1",
      "&coins=ETH&coins=BTC",
      "&nameservice=native&nameservice=ens",
    ),
    { nil: "" },
  );
  const fields = params instanceof fc.Arbitrary ? params : fc.record(params);
  return fc.tuple(fields, extra).map(([values, tail]) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(values))
      for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) search.append(key, item);
    const text = search.toString() + tail;
    return text === "" ? "" : `?${text}`;
  });
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const nameServiceParam = optional(fc.oneof(fc.constantFrom("native", "ens", "ud", "icann"), hostileString));

// ---------------------------------------------------------------- the endpoints

function request(
  endpoint: string,
  method: string,
  path: fc.Arbitrary<string>,
  headers: fc.Arbitrary<Record<string, string>>,
  body?: fc.Arbitrary<{ body?: string; contentType?: string }>,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(path, headers, body ?? fc.constant({} as { body?: string; contentType?: string }))
    .map(([p, h, b]) => ({
      endpoint,
      method,
      path: p,
      headers: { ...h, ...(b.contentType ? { "content-type": b.contentType } : {}) },
      ...(b.body !== undefined ? { body: b.body } : {}),
    }));
}

const noAuth = fc.constant({} as Record<string, string>);

// ---------------------------------------------------------------- requests from an operation's schemas

const DAY = 86_400_000;
/** A reporting window in order and near now: the schema says two date-times, not that `from` comes first. */
const windowSeeds: Seeds = {
  from: fc.constantFrom("2026-01-01T00:00:00Z", new Date(Date.now() - DAY).toISOString()),
  to: fc.constantFrom(new Date(Date.now() + DAY).toISOString(), "2027-12-31T00:00:00Z"),
};

/** The OpenAPI operation of a route as the router names it (`GET /v1/resolve/{domain}`). */
function operationNamed(name: string) {
  const [method, path] = name.split(" ");
  const op = operations.find(
    (candidate) =>
      candidate.method.toUpperCase() === method && candidate.path.replace("{data}.json", "{data}") === path,
  );
  if (!op) throw new Error(`No OpenAPI operation for ${name}`);
  return op;
}

interface OperationInputs {
  headers: fc.Arbitrary<Record<string, string>>;
  /**
   * What the schema cannot say, by path parameter or field name: values that must exist in the
   * test's data (names, ids, secrets) or pass a check beyond the schema (an EIP-55 checksum).
   */
  seeds?: Seeds;
  /** Bodies that should succeed (a fresh label under our parent, a token of this partner), and their weight. */
  clean?: fc.Arbitrary<Record<string, unknown>>;
  cleanWeight?: number;
  /** Weight of bodies valid by the schema (2 unless said). */
  validWeight?: number;
}

/**
 * Requests to an operation from its zod schemas: path parameters, query and body valid by the
 * schema or broken in one place (seeds mixed in), hostile path segments and query tails, and the
 * body mutations of bodyArb (a field broken with hostile JSON, a field too many, not JSON, another
 * content type, too large).
 */
function fromOperation(name: string, inputs: OperationInputs): fc.Arbitrary<FuzzRequest> {
  const op = operationNamed(name);
  const [method, template] = name.split(" ") as [string, string];
  const seeds = inputs.seeds ?? {};
  const shape = (op.pathParams?.shape ?? {}) as Record<string, z.ZodType>;
  const segments = [...template.matchAll(/\{([A-Za-z]+)\}/g)].map(([, param]) => {
    const fromSchema = shape[param] ? validOf(shape[param]).map(String) : hostileString;
    const seed = seeds[param] as fc.Arbitrary<string> | undefined;
    return segmentArb(
      seed ? fc.oneof({ weight: 3, arbitrary: seed }, { weight: 1, arbitrary: fromSchema }) : fromSchema,
    );
  });
  const path = (segments.length > 0 ? fc.tuple(...segments) : fc.constant([] as string[])).map((values) => {
    let at = 0;
    return op.path.replace(/\{[A-Za-z]+\}/g, () => values[at++]!);
  });
  const query = op.query ? queryArb(textFieldsOf(op.query, seeds, fieldString)) : fc.constant("");
  // Bodies valid by the schema (a string field sometimes hostile) go through bodyArb's mutations; one in five
  // is broken by the schema instead.
  const body = op.body
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: bodyArb(
            validishOf(op.body, seeds, fieldString) as fc.Arbitrary<Record<string, unknown>>,
            inputs.validWeight ?? 2,
            inputs.clean,
            inputs.cleanWeight ?? 2,
          ),
        },
        {
          weight: 1,
          arbitrary: brokenOf(op.body, seeds).map((value) => ({
            body: JSON.stringify(value),
            contentType: "application/json",
          })),
        },
      )
    : undefined;
  return request(
    name,
    method,
    fc.tuple(path, query).map(([p, q]) => p + q),
    inputs.headers,
    body,
  );
}

const TestIntent = z
  .object({
    paymentIntentId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string(),
    orderId: z.string(),
    description: z.string(),
    lastError: z.string().nullable(),
    testMode: z.literal(true),
  })
  .strict();
const OpenApiDocument = z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });
const SearchResponse = z.object({ results: z.array(NameAvailability) }).strict();

export function endpointSpecs(world: FuzzWorld): EndpointSpec[] {
  const auth = authHeader(world);
  const name = nameArb(world);
  const address = addressArb(world);
  const parent = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(world.parentName, world.otherParentName, "nosuch.web3") },
    { weight: 1, arbitrary: name },
  );
  const webhookId = fc.oneof(fc.constant(world.webhookId), uuidArb);

  // What the schemas cannot say, by field or path parameter name (OperationInputs.seeds); each is
  // mixed with what the schema itself generates.
  const seeds: Seeds = {
    // Names registered in the data, sub-names of our parents, and hostile strings.
    domain: name,
    names: fc.array(name, { minLength: 1, maxLength: 5 }),
    q: fc.array(name, { minLength: 1, maxLength: 25 }).map((n) => n.join(" ")),
    parentDomain: parent,
    // A valid label (the schema bounds only its length).
    label: LABELS,
    // EIP-55 checksums and the data's owners (the schema says "a string").
    address,
    ethAddress: address,
    ownerAddress: address,
    // The partner the data belongs to.
    partnerId: fc.constant(world.partnerId),
    // Each address checked by its coin's codec.
    walletAddrs: walletAddrsArb(world),
    // Orders in the data.
    orderID: fc.constantFrom(...world.orderIds),
    // Coins the service knows, as a comma-separated list.
    coins: fc.oneof(
      fc.subarray(["ETH", "BTC", "USDC", "SOL"]).map((c) => c.join(",")),
      fc.constantFrom(...COIN_CODES),
    ),
    // Page tokens the server made, and look-alikes.
    pageToken: fc.oneof(
      fc.constantFrom("eyJ0IjoiMjAyNS0wMS0wMSJ9", world.tokens.admin.slice(0, 40)),
      fc.base64String({ maxLength: 80 }),
    ),
    // A Stripe connected account's id.
    processorConnectedAccountId: fc.constant("acct_1Test"),
  };
  const webhookSeeds: Seeds = {
    // The partner's receiver and its delivery.
    id: webhookId,
    deliveryId: fc.constant(world.webhookDeliveryId),
  };

  // Requests that should succeed, so the write paths run too (and their batches show real writes).
  const freshLabel = fc.stringMatching(/^[a-z]{4,10}[0-9]{1,4}$/);
  const cleanWallets = fc.constant([{ coinId: 60, addr: world.ethWallet }]);
  const cleanPurchase = fc.record({
    checkoutId: uuidArb,
    domain: fc
      .tuple(freshLabel, fc.constantFrom("web3", "meta", world.parentName))
      .map(([label, parentName]) => `${label}.${parentName}`),
    ownerAddress: fc.constant(world.owner),
    partnerId: fc.constant(world.partnerId),
    walletAddrs: cleanWallets,
    years: fc.integer({ min: 1, max: 3 }),
  });
  const cleanCrypto = cleanPurchase.map(({ checkoutId: _checkoutId, ...rest }) => ({
    ...rest,
    currency: "ETH",
    ownerEmail: "buyer@example.com",
    ownerName: "Buyer",
  }));
  const hour = 3_600_000;
  const cleanToken = fc
    .record({ label: fc.stringMatching(/^[a-z]{1,12}$/), type: fc.constantFrom("ADMIN", "CUSTOMER") })
    .map((body) => ({
      ...body,
      validFrom: new Date(Date.now() - hour).toISOString(),
      validTill: new Date(Date.now() + hour).toISOString(),
    }));

  return [
    {
      name: "GET /v1/resolve/{domain}",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: fromOperation("GET /v1/resolve/{domain}", { headers: auth, seeds }),
    },
    {
      name: "POST /v1/resolve",
      success: { 200: BatchResolveResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/resolve", { headers: auth, seeds }),
    },
    {
      name: "GET /v1/reverse/{address}",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: fromOperation("GET /v1/reverse/{address}", { headers: auth, seeds }),
    },
    {
      name: "GET /v1/parentdomains/{parentDomain}",
      success: { 200: ParentDomainValidation },
      errors: "list",
      arbitrary: fromOperation("GET /v1/parentdomains/{parentDomain}", { headers: auth, seeds }),
    },
    {
      name: "PATCH /v1/parentdomains/{parentDomain}",
      success: { 200: ParentSettings },
      errors: "list",
      arbitrary: fromOperation("PATCH /v1/parentdomains/{parentDomain}", { headers: auth, seeds, validWeight: 1 }),
    },
    {
      name: "GET /v1/parentdomains/{parentDomain}/list",
      success: { 200: SubdomainListPage },
      errors: "list",
      arbitrary: fromOperation("GET /v1/parentdomains/{parentDomain}/list", { headers: auth, seeds }),
    },
    {
      name: "GET /v1/parentdomains/{parentDomain}/per-day",
      success: { 200: SubdomainPerDayPage },
      errors: "list",
      arbitrary: fromOperation("GET /v1/parentdomains/{parentDomain}/per-day", { headers: auth, seeds }),
    },
    {
      name: "POST /v1/parentdomains/{parentDomain}/subdomains",
      // One object: 201 with the sub-name; an array (bulk): 200 with each item's answer.
      success: { 201: IssuedSubdomain, 200: BulkIssueResponse },
      errors: "list",
      arbitrary: fromOperation("POST /v1/parentdomains/{parentDomain}/subdomains", {
        headers: auth,
        seeds,
        validWeight: 1,
        clean: fc.record({ label: freshLabel, ownerAddress: fc.constant(world.owner) }),
      }),
    },
    {
      name: "DELETE /v1/parentdomains/{parentDomain}/subdomains/{label}",
      success: { 200: RevokedSubdomain },
      errors: "list",
      arbitrary: fromOperation("DELETE /v1/parentdomains/{parentDomain}/subdomains/{label}", {
        headers: auth,
        // The one sub-name the fuzzer may revoke.
        seeds: { ...seeds, label: fc.oneof(fc.constant(world.revocableLabel), LABELS) },
      }),
    },
    {
      name: "GET /v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve",
      success: { 200: ReverseResolveInParent },
      errors: "single",
      arbitrary: fromOperation("GET /v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve", {
        headers: noAuth,
        seeds,
      }),
    },
    {
      name: "POST /v1/partner/access-token",
      success: { 201: AccessToken },
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/access-token", {
        headers: auth,
        seeds,
        validWeight: 1,
        clean: cleanToken,
      }),
    },
    {
      name: "GET /v1/partner/access-token",
      success: { 200: AccessTokenList },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/access-token", { headers: auth }),
    },
    {
      name: "DELETE /v1/partner/access-token",
      success: { 204: null },
      errors: "list",
      arbitrary: fromOperation("DELETE /v1/partner/access-token", {
        headers: auth,
        // Tokens of this partner the fuzzer may delete, and another partner's.
        seeds: { id: fc.constantFrom(...world.disposableTokenIds, world.otherPartnerTokenId) },
        validWeight: 1,
      }),
    },
    {
      name: "POST /v1/partner/webhooks",
      success: { 201: CreatedWebhookEndpoint },
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/webhooks", {
        headers: auth,
        // Receivers the address guard decides on: public, plain HTTP, loopback, private.
        seeds: {
          url: fc.constantFrom(
            "https://93.184.215.14/hook",
            "http://93.184.215.14/hook",
            "https://127.0.0.1/h",
            "https://[::1]/h",
            "https://10.0.0.1/h",
          ),
        },
        validWeight: 1,
        clean: fc.record({
          url: fc.constant("https://93.184.215.14/hook"),
          events: fc.constantFrom(["subname.created"], ["order.paid", "subname.revoked"]),
        }),
      }),
    },
    {
      name: "GET /v1/partner/webhooks",
      success: { 200: WebhookEndpointList },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/webhooks", { headers: auth }),
    },
    {
      name: "DELETE /v1/partner/webhooks",
      success: { 204: null },
      errors: "list",
      arbitrary: fromOperation("DELETE /v1/partner/webhooks", {
        headers: auth,
        // The one receiver the fuzzer may delete.
        seeds: { id: fc.constant(world.disposableWebhookId) },
        validWeight: 1,
      }),
    },
    {
      name: "GET /v1/partner/webhooks/{id}/deliveries",
      success: { 200: WebhookDeliveryList },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/webhooks/{id}/deliveries", { headers: auth, seeds: webhookSeeds }),
    },
    {
      name: "POST /v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      success: { 202: WebhookDelivery },
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver", {
        headers: auth,
        seeds: webhookSeeds,
      }),
    },
    {
      name: "POST /v1/partner/webhooks/{id}/test",
      success: { 202: WebhookDelivery },
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/webhooks/{id}/test", { headers: auth, seeds: webhookSeeds }),
    },
    {
      name: "POST /v1/partner/owner-addresses",
      success: { 201: BoundOwnerAddress },
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/owner-addresses", { headers: auth, seeds, validWeight: 1 }),
    },
    {
      name: "GET /v1/partner/owner-addresses",
      success: { 200: BoundOwnerAddressList },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/owner-addresses", { headers: auth }),
    },
    {
      name: "DELETE /v1/partner/owner-addresses",
      success: { 204: null },
      errors: "list",
      arbitrary: fromOperation("DELETE /v1/partner/owner-addresses", { headers: auth, seeds, validWeight: 1 }),
    },
    {
      name: "GET /v1/partner/purchases",
      success: { 200: PartnerPurchases },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/purchases", { headers: auth }),
    },
    {
      name: "POST /v1/market/purchase",
      success: { 200: PurchaseResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/purchase", {
        headers: noAuth,
        seeds,
        validWeight: 1,
        clean: cleanPurchase,
      }),
    },
    {
      name: "POST /v1/market/crypto/purchase",
      success: { 200: CryptoPurchaseResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/crypto/purchase", {
        headers: noAuth,
        seeds,
        validWeight: 1,
        clean: cleanCrypto,
      }),
    },
    {
      name: "GET /v1/market/order/{orderID}",
      success: { 200: Order },
      errors: "single",
      arbitrary: fromOperation("GET /v1/market/order/{orderID}", { headers: noAuth, seeds }),
    },
    {
      name: "GET /v1/market/search",
      success: { 200: SearchResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/market/search", { headers: noAuth, seeds }),
    },
    {
      name: "GET /api/test-processor/intent",
      success: { 200: TestIntent },
      errors: "single",
      arbitrary: request(
        "GET /api/test-processor/intent",
        "GET",
        queryArb({ clientSecret: optional(fc.oneof(fc.constantFrom(...world.clientSecrets), hostileString)) }).map(
          (q) => `/api/test-processor/intent${q}`,
        ),
        noAuth,
      ),
    },
    {
      name: "POST /api/test-processor/pay",
      success: { 200: TestPayResponse },
      errors: "single",
      arbitrary: request(
        "POST /api/test-processor/pay",
        "POST",
        fc.constant("/api/test-processor/pay"),
        noAuth,
        bodyArb(
          fc.record({
            clientSecret: fc.oneof(fc.constantFrom(...world.clientSecrets), hostileString),
            cardNumber: fc.oneof(
              fc.constantFrom("4242424242424242", "4000000000000002", "4242 4242 4242 4241", "79927398713"),
              hostileString,
            ),
          }),
          1,
          fc.record({
            clientSecret: fc.constantFrom(...world.clientSecrets),
            cardNumber: fc.constantFrom("4242424242424242", "4000000000000002"),
          }),
        ),
      ),
    },
    {
      name: "POST /api/webhooks/stripe",
      // Stripe is not configured here (the test processor is), so the route answers 404.
      success: {},
      errors: "single",
      arbitrary: request(
        "POST /api/webhooks/stripe",
        "POST",
        fc.constant("/api/webhooks/stripe"),
        fc
          .option(fc.constantFrom("t=1,v1=abc", "", "t=999999999999,v1=" + "0".repeat(64)), { nil: undefined })
          .map((s): Record<string, string> => (s === undefined ? {} : { "stripe-signature": s })),
        bodyArb(
          fc.record({
            id: fc.string(),
            type: fc.constantFrom("payment_intent.succeeded", "charge.refunded"),
            data: fc.constant({ object: { id: "pi_1" } }),
          }),
          1,
        ),
      ),
    },
    ...ownerSpecs(world),
    ...refundSpecs(world),
    ...ensGatewaySpecs(world),
    {
      name: "GET /v1/openapi.json",
      success: { 200: OpenApiDocument },
      errors: "single",
      arbitrary: fromOperation("GET /v1/openapi.json", { headers: noAuth }),
    },
    {
      name: "GET /v1/operator/reconciliation",
      success: { 200: ReconciliationResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/operator/reconciliation", {
        seeds: windowSeeds,
        headers: fc
          .constantFrom(undefined, "garbage", signOperatorToken(1).token)
          .map((token): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})),
      }),
    },
    ...claimAndOperatorSpecs(world),
    {
      name: "GET /metrics",
      success: { 200: PROMETHEUS_TEXT },
      errors: "single",
      arbitrary: request(
        "GET /metrics",
        "GET",
        fc.constantFrom("/metrics", "/metrics?name[]=namesvc_orders", "/metrics?x=%ZZ"),
        fc
          // Half without a credential (loopback: 200), half with a wrong one (401).
          .option(fc.constantFrom("", "Bearer guess", "Bearer a.b.c", "Basic Zm9vOmJhcg=="), {
            nil: undefined,
            freq: 2,
          })
          .map((s): Record<string, string> => (s === undefined ? {} : { authorization: s })),
      ),
    },
    {
      name: "POST /api/internal/partners",
      success: {},
      errors: "single",
      arbitrary: request(
        "POST /api/internal/partners",
        "POST",
        fc.constant("/api/internal/partners"),
        fc
          .option(fc.constantFrom("", "guess", "a".repeat(64)), { nil: undefined })
          .map((s): Record<string, string> => (s === undefined ? {} : { "x-local-admin-secret": s })),
        bodyArb(fc.record({ name: hostileString }), 1),
      ),
    },
    {
      name: "POST /api/internal/partners/ens-parent",
      success: {},
      errors: "single",
      arbitrary: request(
        "POST /api/internal/partners/ens-parent",
        "POST",
        fc.constant("/api/internal/partners/ens-parent"),
        fc
          .option(fc.constantFrom("", "guess", "a".repeat(64)), { nil: undefined })
          .map((s): Record<string, string> => (s === undefined ? {} : { "x-local-admin-secret": s })),
        bodyArb(
          fc.record({ partnerId: fc.constant(world.partnerId), name: hostileString, ownerAddress: hostileString }),
          1,
        ),
      ),
    },
    {
      name: "GET /api/internal/sync",
      success: {},
      errors: "single",
      arbitrary: request(
        "GET /api/internal/sync",
        "GET",
        queryArb({ key: optional(hostileString) }).map((q) => `/api/internal/sync${q}`),
        fc
          .option(fc.constantFrom("", "guess"), { nil: undefined })
          .map((s): Record<string, string> => (s === undefined ? {} : { "x-local-admin-secret": s })),
      ),
    },
  ];
}

/** A method no route serves (405 with `{message}`), a CORS preflight, or HEAD. */
export function otherMethodArb(specs: EndpointSpec[]): fc.Arbitrary<FuzzRequest> {
  // PUT stands for "a method the route does not serve" on the routes that have no PUT of their own.
  const pathOf = (spec: EndpointSpec) => spec.name.slice(spec.name.indexOf(" ") + 1);
  const putPaths = new Set(specs.filter((spec) => spec.name.startsWith("PUT ")).map(pathOf));
  const withoutPut = specs.filter((spec) => !putPaths.has(pathOf(spec)));
  return fc.oneof(
    fc
      .constantFrom(...withoutPut)
      .chain((spec) => spec.arbitrary.map((req) => ({ ...req, method: "PUT", unserved: true }))),
    fc
      .tuple(fc.constantFrom(...specs), fc.constantFrom("OPTIONS", "HEAD"))
      .chain(([spec, method]) => spec.arbitrary.map((req) => ({ ...req, method, body: undefined }))),
  );
}

// ---------------------------------------------------------------- refunds and payouts

/** The resolver the fuzzed app knows (ENS_RESOLVERS), and its gateway's signing key. */
export const FUZZ_ENS_RESOLVER = "0x8464135c8f25da09e49bc8782676a84730c318bc";
/** Names of the world's ENS parent (brand.eth, a partner's) that the gateway serves. */
export const FUZZ_ENS_NAMES = ["brand.eth", "alice.brand.eth", "unissued.brand.eth"];
export const FUZZ_ENS_SIGNER_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

function ensGatewaySpecs(world: FuzzWorld): EndpointSpec[] {
  const nameWire = (name: string) =>
    Buffer.concat([
      ...name.split(".").map((label) => Buffer.concat([Buffer.from([Buffer.byteLength(label)]), Buffer.from(label)])),
      Buffer.from([0]),
    ]).toString("hex");
  // resolve(bytes name, bytes data) with data = addr(node): ABI-encoded by hand, so bytes can be broken at will.
  const word = (n: number) => n.toString(16).padStart(64, "0");
  const padded = (hex: string) => hex.padEnd(Math.ceil(hex.length / 64) * 64, "0");
  const resolveCall = (wire: string, inner: string) =>
    "0x9061b923" +
    word(64) +
    word(64 + 32 + padded(wire).length / 2) +
    word(wire.length / 2) +
    padded(wire) +
    word(inner.length / 2) +
    padded(inner);
  const hex = (minLength: number, maxLength: number) =>
    fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength, maxLength });
  const callData = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...world.names, ...FUZZ_ENS_NAMES, "ALICE.brand.eth"),
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hex(64, 64) }),
      )
      // The name's own node mostly (a signed answer), a random one sometimes (400).
      .map(([name, node]) => resolveCall(nameWire(name), `3b3b57de${node ?? namehash(name).slice(2)}`)),
    hex(0, 400).map((bytes) => `0x9061b923${bytes}`),
    hostileString,
  );
  const sender = fc.oneof(
    fc.constant(FUZZ_ENS_RESOLVER),
    hex(40, 40).map((address) => `0x${address}`),
    hostileString,
  );
  // A lookup ABI-encoded for our resolver, and the resolver: the schemas say two hex strings.
  const ccipSeeds: Seeds = { sender, data: callData };
  return [
    {
      name: "GET /v1/ens/ccip/{sender}/{data}",
      success: { 200: CcipReadResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/ens/ccip/{sender}/{data}", { headers: noAuth, seeds: ccipSeeds }),
    },
    {
      name: "POST /v1/ens/ccip",
      success: { 200: CcipReadResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/ens/ccip", { headers: noAuth, seeds: ccipSeeds }),
    },
    {
      name: "POST /v1/parentdomains/{parentDomain}/claim",
      // Generated messages never carry an on-chain owner's signature: nothing here can succeed.
      success: {},
      errors: "list",
      arbitrary: fromOperation("POST /v1/parentdomains/{parentDomain}/claim", {
        headers: authHeader(world),
        // The world's ENS parent and someone else's name; a signature that is hex but no owner's.
        seeds: { parentDomain: fc.constantFrom(...FUZZ_ENS_NAMES, "vitalik.eth"), signature: fc.constant("0x00") },
        validWeight: 1,
      }),
    },
    {
      name: "GET /v1/ens/gateway",
      success: { 200: GatewayInfoResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/ens/gateway", { headers: noAuth }),
    },
  ];
}

function refundSpecs(world: FuzzWorld): EndpointSpec[] {
  const auth = authHeader(world);
  const localSecret = fc
    .option(fc.constantFrom("", "guess", "a".repeat(64)), { nil: undefined })
    .map((s): Record<string, string> => (s === undefined ? {} : { "x-local-admin-secret": s }));
  const status = optional(fc.oneof(fc.constantFrom("DUE", "PAID", "due"), hostileString));
  const account = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("acct_1Fuzz", null) },
    { weight: 1, arbitrary: hostileString },
  );
  const payout = fc.record({
    amountAtomic: fc.oneof(fc.constantFrom("1", "0", "-1", "1e3"), fc.bigInt({ min: 0n }).map(String), hostileString),
    reference: fc.oneof(fc.constantFrom(`0x${"ab".repeat(32)}`), hostileString),
  });
  return [
    {
      name: "GET /v1/partner/refunds",
      success: { 200: RefundList },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/refunds", { headers: auth }),
    },
    {
      name: "GET /v1/partner/payout-account",
      success: { 200: PayoutAccount },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/payout-account", { headers: auth }),
    },
    {
      name: "PUT /v1/partner/payout-account",
      success: { 200: PayoutAccount },
      errors: "list",
      arbitrary: fromOperation("PUT /v1/partner/payout-account", {
        headers: auth,
        // A Stripe connected account's id, or none.
        seeds: { processorConnectedAccountId: fc.constantFrom("acct_1Fuzz", null) },
        validWeight: 1,
      }),
    },
    {
      // The operator's local channel: without the local secret (never given here) always 403.
      name: "GET /api/internal/refunds",
      success: {},
      errors: "single",
      arbitrary: request(
        "GET /api/internal/refunds",
        "GET",
        queryArb({ status }).map((q) => `/api/internal/refunds${q}`),
        localSecret,
      ),
    },
    {
      name: "GET /api/internal/deposits",
      success: {},
      errors: "single",
      arbitrary: request("GET /api/internal/deposits", "GET", fc.constant("/api/internal/deposits"), localSecret),
    },
    {
      name: "POST /api/internal/refunds",
      success: {},
      errors: "single",
      arbitrary: request(
        "POST /api/internal/refunds",
        "POST",
        fc.constant("/api/internal/refunds"),
        localSecret,
        bodyArb(
          payout.map((body) => ({ ...body, refundId: world.partnerId })),
          1,
        ),
      ),
    },
    {
      name: "POST /api/internal/refunds/start",
      success: {},
      errors: "single",
      arbitrary: request(
        "POST /api/internal/refunds/start",
        "POST",
        fc.constant("/api/internal/refunds/start"),
        localSecret,
        bodyArb(fc.record({ refundId: fc.constant(world.partnerId) }), 1),
      ),
    },
    {
      name: "PUT /api/internal/partners/payout-account",
      success: {},
      errors: "single",
      arbitrary: request(
        "PUT /api/internal/partners/payout-account",
        "PUT",
        fc.constant("/api/internal/partners/payout-account"),
        localSecret,
        bodyArb(fc.record({ partnerId: fc.constant(world.partnerId), processorConnectedAccountId: account }), 1),
      ),
    },
  ];
}

// ---------------------------------------------------------------- the owner side

function ownerSpecs(world: FuzzWorld): EndpointSpec[] {
  const owner = world.signedIn;
  const ownerAuth = fc
    .oneof(
      { weight: 8, arbitrary: fc.constant(`Bearer ${owner.token}`) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          `Bearer ${world.tokens.admin}`,
          `Bearer ${owner.token.split(".").slice(0, 2).join(".")}.AAAA`,
          `Bearer ${world.tokens.algNone}`,
          "Bearer",
          "",
        ),
      },
      { weight: 1, arbitrary: fc.constant(null) },
    )
    .map((value): Record<string, string> => (value === null ? {} : { authorization: value }));
  const ownedName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...owner.names) },
    { weight: 1, arbitrary: fc.constantFrom(...world.names) },
    { weight: 2, arbitrary: nameArb(world) },
  );
  // The owner's names first (and others', and hostile ones), in paths and bodies alike.
  const ownerSeeds: Seeds = {
    name: ownedName,
    domain: ownedName,
    ownerAddress: addressArb(world),
    walletAddrs: walletAddrsArb(world),
    pageToken: fc.constantFrom("eyJ0IjoiMjAyNS0wMS0wMSJ9", world.tokens.admin.slice(0, 40)),
  };
  const cleanRecords = fc.record({
    txtRecords: fc.constant([{ key: "url", value: "https://example.com" }]),
    walletAddrs: fc.constant([{ coinId: 60, addr: owner.address }]),
  });
  const cleanRenewal = fc.record({
    checkoutId: uuidArb,
    domain: fc.constantFrom(...owner.names),
    years: fc.constant(1),
  });
  const signIn = fc.constantFrom(...owner.signIns);
  const session = fc.oneof(
    signIn,
    signIn.map((s) => ({ ...s, message: s.message.replace("Chain ID: 1", "Chain ID: 5") })),
    fc.record({ message: hostileString, signature: fc.oneof(hostileString, fc.constant(owner.signIns[0].signature)) }),
  );
  return [
    {
      name: "GET /v1/owner/nonce",
      success: { 200: NonceResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/owner/nonce", { headers: noAuth }),
    },
    {
      name: "POST /v1/owner/session",
      success: { 201: SessionResponse },
      errors: "single",
      // Written by hand: the schema says two strings; a sign-in that can succeed is a message the
      // world's account signed for this host, once (a nonce), so the signed ones are the seeds.
      arbitrary: request(
        "POST /v1/owner/session",
        "POST",
        fc.constant("/v1/owner/session"),
        noAuth,
        bodyArb(session as fc.Arbitrary<Record<string, unknown>>, 0, signIn, 1),
      ),
    },
    {
      name: "POST /v1/partner/session",
      // The fuzz world's owner is bound to no partner: 403, or a refusal of the credential; never a success.
      success: {},
      errors: "list",
      arbitrary: fromOperation("POST /v1/partner/session", { headers: ownerAuth }),
    },
    {
      name: "DELETE /v1/owner/session",
      success: { 204: null },
      errors: "single",
      arbitrary: fromOperation("DELETE /v1/owner/session", {
        // Sessions the fuzzer may sign out, a partner's token, and junk.
        headers: fc
          .oneof(
            fc.constantFrom(...owner.disposableTokens),
            fc.constant(world.tokens.admin),
            fc.string({ unit: fc.constantFrom(..."abcXYZ019-_.=/+ "), maxLength: 200 }),
          )
          .map((token) => ({ authorization: `Bearer ${token}` })),
      }),
    },
    {
      name: "GET /v1/owner/names",
      success: { 200: OwnerNamesResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/owner/names", { headers: ownerAuth, seeds: ownerSeeds }),
    },
    {
      name: "PUT /v1/owner/names/{name}/records",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: fromOperation("PUT /v1/owner/names/{name}/records", {
        headers: ownerAuth,
        seeds: ownerSeeds,
        validWeight: 0,
        clean: cleanRecords,
        cleanWeight: 1,
      }),
    },
    {
      name: "PUT /v1/owner/names/{name}/owner",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: fromOperation("PUT /v1/owner/names/{name}/owner", {
        headers: ownerAuth,
        seeds: ownerSeeds,
        validWeight: 0,
        // A clean transfer is to the owner itself, so the names stay the fuzzing owner's.
        clean: fc.constant({ ownerAddress: owner.address }),
        cleanWeight: 1,
      }),
    },
    {
      name: "PUT /v1/owner/reverse",
      success: { 200: PrimaryNameResponse },
      errors: "single",
      arbitrary: fromOperation("PUT /v1/owner/reverse", {
        headers: ownerAuth,
        seeds: ownerSeeds,
        validWeight: 0,
        clean: fc.record({ name: fc.oneof(fc.constantFrom(...owner.names), fc.constant(null)) }) as fc.Arbitrary<
          Record<string, unknown>
        >,
        cleanWeight: 1,
      }),
    },
    {
      name: "POST /v1/market/renew",
      success: { 200: PurchaseResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/renew", {
        headers: noAuth,
        seeds: ownerSeeds,
        validWeight: 0,
        clean: cleanRenewal,
        cleanWeight: 1,
      }),
    },
    {
      name: "POST /v1/market/crypto/renew",
      success: { 200: CryptoPurchaseResponse },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/crypto/renew", {
        headers: noAuth,
        seeds: ownerSeeds,
        validWeight: 0,
        clean: cleanRenewal.map((body) => ({ ...body, currency: "ETH" })),
        cleanWeight: 1,
      }),
    },
    {
      name: "GET /api/lookup/resolve/{name}",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: request(
        "GET /api/lookup/resolve/{name}",
        "GET",
        fc
          .tuple(segmentArb(nameArb(world)), queryArb({ nameservice: nameServiceParam }))
          .map(([n, q]) => `/api/lookup/resolve/${n}${q}`),
        noAuth,
      ),
    },
    {
      name: "GET /api/lookup/reverse/{address}",
      success: { 200: ResolveResult },
      errors: "single",
      arbitrary: request(
        "GET /api/lookup/reverse/{address}",
        "GET",
        fc
          .tuple(segmentArb(addressArb(world)), queryArb({ nameservice: nameServiceParam }))
          .map(([a, q]) => `/api/lookup/reverse/${a}${q}`),
        noAuth,
      ),
    },
  ];
}

/** Refund claims and the operator's overview, actions and audit log (issue 31 items 4 and 6). */
function claimAndOperatorSpecs(world: FuzzWorld): EndpointSpec[] {
  // Orders in the data.
  const orderSeeds: Seeds = { orderID: fc.constantFrom(...world.orderIds) };
  const operatorAuth = fc
    .constantFrom(undefined, "garbage", signOperatorToken(1).token)
    .map((token): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}));
  return [
    {
      name: "GET /v1/market/order/{orderID}/refunds",
      success: { 200: OrderRefundList },
      errors: "single",
      arbitrary: fromOperation("GET /v1/market/order/{orderID}/refunds", { headers: noAuth, seeds: orderSeeds }),
    },
    {
      name: "POST /v1/market/order/{orderID}/refund-claim",
      success: { 200: OrderRefundList },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/order/{orderID}/refund-claim", {
        headers: fc
          .constantFrom(undefined, "Bearer garbage", "Bearer a.b.c")
          .map((s): Record<string, string> => (s === undefined ? {} : { authorization: s })),
        // An EIP-55 address to be paid at (the schema says "a string").
        seeds: { ...orderSeeds, refundAddress: fc.constant("0x8ba1f109551bD432803012645Ac136ddd64DBA72") },
        validWeight: 1,
      }),
    },
    {
      name: "POST /v1/market/order/{orderID}/refund-claim-link",
      success: { 202: RefundClaimLinkSent },
      errors: "single",
      arbitrary: fromOperation("POST /v1/market/order/{orderID}/refund-claim-link", {
        headers: noAuth,
        seeds: orderSeeds,
      }),
    },
    {
      name: "GET /v1/operator/overview",
      success: { 200: OperatorOverview },
      errors: "single",
      arbitrary: fromOperation("GET /v1/operator/overview", { headers: operatorAuth }),
    },
    {
      name: "GET /v1/operator/ledger-check",
      success: { 200: LedgerCheckResponse },
      errors: "single",
      arbitrary: fromOperation("GET /v1/operator/ledger-check", { headers: operatorAuth, seeds: windowSeeds }),
    },
    {
      name: "POST /v1/operator/partner-payouts",
      success: { 200: PartnerPayout },
      errors: "single",
      arbitrary: fromOperation("POST /v1/operator/partner-payouts", {
        headers: operatorAuth,
        // The partner in the data.
        seeds: { partnerId: fc.constant(world.partnerId) },
        validWeight: 1,
      }),
    },
    {
      name: "GET /v1/partner/statement",
      success: { 200: StatementResponse },
      errors: "list",
      arbitrary: fromOperation("GET /v1/partner/statement", { headers: authHeader(world), seeds: windowSeeds }),
    },
    {
      name: "GET /v1/operator/audit",
      success: { 200: AuditList },
      errors: "single",
      arbitrary: fromOperation("GET /v1/operator/audit", { headers: operatorAuth }),
    },
    {
      name: "POST /v1/operator/actions",
      success: { 200: OperatorActionResult },
      errors: "single",
      arbitrary: fromOperation("POST /v1/operator/actions", {
        headers: operatorAuth,
        // Orders in the data, and a name no one holds (suspending it harms no other request).
        seeds: { orderId: fc.constantFrom(...world.orderIds), name: fc.constant("nobody-here.web3") },
        validWeight: 1,
      }),
    },
  ];
}
