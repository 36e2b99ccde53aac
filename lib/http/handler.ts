import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { config } from "@/lib/config";
import { asOneRequest, MONEY_AHEAD_MS } from "@/lib/db/arrival-order";
import { authenticate, type Caller, type TokenType } from "@/lib/partners/authenticate";
import { bodyTooLarge, CAPPED_BODY, checkJsonValue, MAX_BODY_BYTES, parseJsonBody, withCappedBody } from "./body";
import { setCorsHeaders } from "./cors";
import { isValidHost } from "./edge";
import { ApiError, errorBody, fromZodError, type ErrorShape } from "@/lib/contract/errors";
import { logError } from "./log";
import { countRequest, routeCounter } from "./request-counts";
import { PlainHeaders } from "./plain-headers";
import { authFailureBudget, enforceRateLimit, setRateLimitHeaders, type RateLimitDecision } from "./rate-limit";
import { policyOf, type CorsPolicy, type RateLimitClass, type RoutePolicy } from "./route-policy";
import { setApiSecurityHeaders } from "./security-headers";
import { meterOutbound } from "@/lib/resolution/outbound-meter";
import { requestTarget, type RequestTarget } from "./request-target";

// The one wrapper every route handler goes through, and so the place where the protections hold
// whichever server runs the handler (lib/server for `npm start`, Next.js for `next start` and
// `next dev`): it refuses a bad Host, authenticates (failed attempts limited per client
// address), applies the rate limit, bounds the body, hands the handler its parsed context, adds
// the CORS and security headers, and is the only place that catches.

type RawParams = Record<string, string | string[] | undefined>;

/** Next.js passes params as a promise; lib/server passes the same shape. */
export interface RouteContext {
  params: Promise<RawParams>;
}

/**
 * Where lib/server's router also puts the params it already has: the wrapper takes them from here
 * without waiting for a promise, so a warm read reaches its handler in the turn it arrived.
 */
export const KNOWN_PARAMS = Symbol("params known at once");

export interface EndpointOptions<A extends boolean> {
  /** Error body of this endpoint: ErrorResponse ("single") or ErrorsResponse ("list"). */
  errors: ErrorShape;
  /** Token types allowed; absent means the endpoint needs no authorization. */
  allow?: A extends true ? readonly TokenType[] : undefined;
  /**
   * An endpoint open to anyone that also takes a partner's token: without `Authorization` the
   * caller is anonymous; with one, the token is checked as `allow` would (401, 403) and the
   * handler gets its caller.
   */
  optionalAuth?: A extends true ? undefined : readonly TokenType[];
  /** Extra response headers on success and failure (caching). */
  headers?: Record<string, string>;
  /** Which browser origins may call it; same origin only when absent (fails closed). */
  cors?: CorsPolicy;
  /** Its rate-limit class, or null for none; `read` (per client address) when absent. */
  rateLimit?: RateLimitClass | null;
  /**
   * A purchase, a renewal, a payment or a Stripe event: its database work goes ahead of reads
   * that arrived before it (lib/db/arrival-order.ts).
   */
  movesMoney?: boolean;
}

export interface HandlerInput<A extends boolean> {
  /** The request; its body readers stop at MAX_BODY_BYTES with a 413, whichever server runs. */
  request: Request;
  /** Its path and query (lib/http/request-target.ts). */
  url: RequestTarget;
  params: Record<string, string>;
  caller: A extends true ? Caller : Caller | undefined;
  /**
   * Counts `extra` more requests against this endpoint's rate limit (a batch counts each of its
   * items); throws the 429 when the limit does not admit them all.
   */
  charge(extra: number): void;
}

/**
 * What an endpoint's handler gives back: its response, or a refusal returned instead of thrown,
 * answered as a thrown one is. A refusal asked for often (a name nobody registered, kept or not)
 * is returned: V8 counts a function's calls towards optimizing it only when they return, so a
 * path that always ended in a throw ran unoptimized, and paid for unwinding through its frames
 * besides (docs/operations.md, twenty-third round).
 */
export type Answer = Response | ApiError;

/** A route's answer: at once when nothing had to be waited for (lib/server writes it in the same turn). */
export type RouteHandler = (request: Request, context: RouteContext) => Response | Promise<Response>;

/** True for lib/server's request view, which bounds its own body. */
function isOwnView(request: Request): boolean {
  return (request as Request & { [CAPPED_BODY]?: true })[CAPPED_BODY] === true;
}

const BAD_HOST = "The Host header is not a valid host[:port].";

/** What every request of one endpoint shares: its options, its policy, its handler, its counters. */
interface EndpointParts {
  options: EndpointOptions<boolean>;
  policy: RoutePolicy;
  handler: (input: HandlerInput<boolean>) => Answer | Promise<Answer>;
  /** Requests by status, per method (a GET handler also answers HEAD), named from the first request. */
  counters: Record<string, Map<number, number>>;
}

/**
 * One request through the wrapper's steps. Each step runs at once and only one that must wait (a
 * token looked up, a body read, a handler that queries) continues in a promise: a warm read is
 * answered in the turn it arrived, without an async function's frame and promises per request.
 * One class for every endpoint, the endpoint's own parts in a field: a class declared inside
 * endpoint() gave each endpoint's requests a hidden class of their own, and the methods' property
 * reads, whose feedback all endpoints share, went megamorphic once a process had served five
 * endpoints (a server in use has), which slowed its warm reads (docs/operations.md, sixteenth round).
 */
class Exchange {
  limit: RateLimitDecision | undefined = undefined;
  counter: Map<number, number> | undefined = undefined;
  caller: Caller | undefined = undefined;
  url: RequestTarget | undefined = undefined;
  params: Record<string, string> = {};

  constructor(
    readonly parts: EndpointParts,
    public request: Request,
  ) {}

  begin(raw: RawParams): Response | Promise<Response> {
    const request = this.request;
    try {
      if (!isValidHost(request.headers.get("host"))) throw new ApiError(400, "Host", BAD_HOST);
      const url = (this.url = requestTarget(request));
      this.params = decodeParams(raw, isOwnView(request));
      const counters = this.parts.counters;
      this.counter = counters[request.method] ??= routeCounter(request.method, url.pathname, this.params);
      const options = this.parts.options;
      const allow = options.allow ?? (request.headers.has("authorization") ? options.optionalAuth : undefined);
      if (!allow) return this.admitted(undefined);
      const checked = authenticateLimited(request, allow);
      if (checked instanceof Promise)
        return checked.then(
          (caller) => this.admitted(caller),
          (error: unknown) => this.failed(error),
        );
      return this.admitted(checked);
    } catch (error) {
      return this.failed(error);
    }
  }

  admitted(caller: Caller | undefined): Response | Promise<Response> {
    try {
      this.caller = caller;
      this.limit = enforceRateLimit(this.parts.policy.rateLimit, this.request, caller?.partnerId);
      // lib/server's request view bounds its own body; another server's stream is read here, within the bound.
      if (!isOwnView(this.request) && this.request.body !== null)
        return withCappedBody(this.request).then(
          (capped) => {
            this.request = capped;
            return this.invoke();
          },
          (error: unknown) => this.failed(error),
        );
      return this.invoke();
    } catch (error) {
      return this.failed(error);
    }
  }

  readonly charge = (extra: number): void => {
    if (extra <= 0) return;
    this.limit =
      enforceRateLimit(this.parts.policy.rateLimit, this.request, this.caller?.partnerId, extra) ?? this.limit;
  };

  invoke(): Response | Promise<Response> {
    try {
      const { request, url, params, caller, charge } = this;
      const handler = this.parts.handler;
      // Outbound lookups made for this request (DNS, JSON-RPC, gateways) are charged as they are made.
      const result = meterOutbound(
        (_kind, count) => charge(count),
        () => handler({ request, url: url!, params, caller, charge }),
      );
      if (result instanceof Promise)
        return result.then(
          (response) => this.answered(response),
          (error: unknown) => this.failed(error),
        );
      return this.answered(result);
    } catch (error) {
      return this.failed(error);
    }
  }

  answered(response: Answer): Response {
    if (response instanceof ApiError) return this.failed(response);
    try {
      const headers = this.parts.options.headers;
      if (headers) for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    } catch (error) {
      return this.failed(error);
    }
    return this.finish(response);
  }

  failed(error: unknown): Response {
    const request = this.request;
    const options = this.parts.options;
    const { status, body, headers } = errorBody(error, options.errors);
    // The rest of a refused body is never read, so the connection cannot carry another request:
    // lib/server decides this from what it read; another server is told.
    const close = status === 413 && !isOwnView(request);
    // Made only here: a successful request needs no id.
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    // An unreachable database is reported once by the pool, not per request.
    if (status >= 500 && status !== 503) logError(requestId, request, error);
    // Written into the list as they come, later ones winning, without an object spread for each.
    const list = new PlainHeaders(options.headers);
    for (const name in headers) list.set(name, headers[name]);
    if (close) list.set("connection", "close");
    list.set("x-request-id", requestId);
    return this.finish(jsonResponse(body, status, list));
  }

  finish(response: Response): Response {
    if (this.counter) countRequest(this.counter, response.status);
    return withApiHeaders(response, this.request, this.parts.policy, this.limit);
  }
}

export function endpoint(
  options: EndpointOptions<false> & { allow?: undefined },
  handler: (input: HandlerInput<false>) => Answer | Promise<Answer>,
): RouteHandler;
export function endpoint(
  options: EndpointOptions<true> & { allow: readonly TokenType[] },
  handler: (input: HandlerInput<true>) => Answer | Promise<Answer>,
): RouteHandler;
export function endpoint(
  options: EndpointOptions<boolean>,
  handler: (input: HandlerInput<boolean>) => Answer | Promise<Answer>,
): RouteHandler {
  const parts: EndpointParts = { options, policy: policyOf(options), handler, counters: {} };
  const ahead = options.movesMoney === true ? MONEY_AHEAD_MS : 0;

  // lib/server's router hands the params at once (KNOWN_PARAMS); Next.js as a promise.
  const serve: RouteHandler = (request, context) => {
    const known = (context as RouteContext & { [KNOWN_PARAMS]?: RawParams })[KNOWN_PARAMS];
    const exchange = new Exchange(parts, request);
    if (known !== undefined) return exchange.begin(known);
    // A route without dynamic segments gets no params from Next.js.
    if (context?.params === undefined) return exchange.begin({});
    return context.params.then(
      (raw) => exchange.begin(raw),
      (error: unknown) => exchange.failed(error),
    );
  };
  // lib/server placed its request in the database's queue when it arrived (lib/db/arrival-order.ts);
  // under Next.js the request is placed here, as it reaches its handler, with the same head start.
  const route: RouteHandler = (request, context) =>
    isOwnView(request) ? serve(request, context) : asOneRequest(() => serve(request, context), ahead);
  declarations.set(route, {
    errors: options.errors,
    allow: options.allow ?? null,
    policy: parts.policy,
    movesMoney: options.movesMoney === true,
  });
  return route;
}

/** What a route handler made by endpoint() declares: its error shape, the token types it admits, its policy. */
export interface EndpointDeclaration {
  errors: ErrorShape;
  /** Token types allowed; null when the endpoint needs no authorization. */
  allow: readonly TokenType[] | null;
  /** Browser access and rate limit, the default filled in. */
  policy: RoutePolicy;
  movesMoney: boolean;
}

const declarations = new WeakMap<RouteHandler, EndpointDeclaration>();

/** The declaration of a route handler, or undefined when endpoint() did not make it. */
export function declarationOf(handler: RouteHandler): EndpointDeclaration | undefined {
  return declarations.get(handler);
}

/**
 * Authenticates the request's token. Every 401 counts against the client address's budget of
 * failed authentications; once it is spent, what would be a 401 is a 429 until the window ends.
 * A valid token still passes, so a partner behind the same address as a guesser keeps working.
 */
function authenticateLimited(request: Request, allow: readonly TokenType[]): Caller | Promise<Caller> {
  try {
    const checked = authenticate(request, allow);
    return checked instanceof Promise ? checked.catch((error) => failed(error, request)) : checked;
  } catch (error) {
    return failed(error, request);
  }
}

function failed(error: unknown, request: Request): never {
  if (error instanceof ApiError && error.status === 401) {
    const failures = authFailureBudget(request);
    if (failures?.spent()) throw failures.refusal();
    failures?.count();
  }
  throw error;
}

function withApiHeaders(
  response: Response,
  request: Request,
  policy: RoutePolicy,
  limit: RateLimitDecision | undefined,
): Response {
  let headers = response.headers;
  try {
    setApiSecurityHeaders(headers);
  } catch {
    // Headers of a fetched or redirect Response are immutable; answer with a copy.
    response = new Response(response.body, response);
    headers = response.headers;
    setApiSecurityHeaders(headers);
  }
  setCorsHeaders(headers, policy.cors, request.headers.get("origin"));
  if (limit) setRateLimitHeaders(headers, limit);
  return response;
}

// Next.js hands params decoded, lib/server as they are in the path: each is decoded exactly once,
// and U+0000 (which PostgreSQL text cannot hold) is a 400.
function decodeParams(raw: RawParams, encoded: boolean): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key in raw) {
    const value = raw[key];
    const text = Array.isArray(value) ? value.join("/") : (value ?? "");
    let decoded = text;
    if (encoded && text.includes("%")) {
      try {
        decoded = decodeURIComponent(text);
      } catch {
        throw new ApiError(400, key, `${key} is not valid percent-encoded text.`);
      }
    }
    if (decoded.includes("\u0000")) checkJsonValue(decoded, key);
    params[key] = decoded;
  }
  return params;
}

/**
 * A JSON Response that keeps its serialized bytes. Giving undici a body costs ~8 us per response
 * (a stream is set up) and its constructor ~1 us more; this one hands lib/server its bytes and
 * header list directly, and builds a stream only for a consumer that asks for `body` (tests
 * reading `res.json()` get the bytes without one). It is a Response to every caller
 * (`instanceof Response`, every member of Response.prototype overridden below; a unit test keeps
 * the list complete) without running undici's constructor.
 */
class JsonResponse {
  /** The body's bytes: a Buffer, or a string holding the same bytes one per character (latin1). */
  readonly serialized: Buffer | string;
  readonly status: number;
  readonly headers: PlainHeaders;
  #used = false;
  /** The stream `body` handed out: the same one on every access, as the Fetch standard's. */
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  constructor(serialized: Buffer | string, status: number, headers: PlainHeaders) {
    this.serialized = serialized;
    this.status = status;
    this.headers = headers;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get statusText(): string {
    return "";
  }
  get type(): ResponseType {
    return "default";
  }
  get url(): string {
    return "";
  }
  get redirected(): boolean {
    return false;
  }
  // Reading `body` does not use the body; reading from its stream does (it is then disturbed).
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    if (!this.#stream) {
      const serialized = this.serialized;
      const markUsed = () => {
        this.#used = true;
      };
      this.#stream = new ReadableStream(
        {
          pull(controller) {
            markUsed();
            controller.enqueue(new Uint8Array(bytesOf(serialized)));
            controller.close();
          },
          cancel: markUsed,
        },
        { highWaterMark: 0 },
      );
    }
    return this.#stream;
  }
  get bodyUsed(): boolean {
    return this.#used;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#stream) return this.readStream();
    return new Uint8Array(this.take());
  }
  async text(): Promise<string> {
    return Buffer.from(await this.bytes()).toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async blob(): Promise<Blob> {
    // Fetch serializes the parsed MIME type: no space after its parameters' semicolons.
    const type = (this.headers.get("content-type") ?? "").replace(/;\s+/g, ";");
    return new Blob([await this.bytes()], { type });
  }
  async formData(): Promise<FormData> {
    await this.bytes();
    throw new TypeError("A JSON response has no form data.");
  }
  clone(): Response {
    if (this.#used || this.#stream?.locked) throw new TypeError("Response body is already used.");
    return new JsonResponse(this.serialized, this.status, new PlainHeaders(this.headers)) as unknown as Response;
  }

  /** What console.log and util.inspect show. */
  [Symbol.for("nodejs.util.inspect.custom")](): object {
    return {
      status: this.status,
      headers: Object.fromEntries(this.headers.entries()),
      body: bytesOf(this.serialized).toString("utf8"),
    };
  }

  private take(): Buffer {
    if (this.#used) throw new TypeError("Response body is already used.");
    this.#used = true;
    return bytesOf(this.serialized);
  }

  /** The body through the stream a caller was handed, which a read then disturbs. */
  private async readStream(): Promise<Uint8Array<ArrayBuffer>> {
    const stream = this.#stream!;
    if (this.#used || stream.locked) throw new TypeError("Response body is already used.");
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
}

function bytesOf(serialized: Buffer | string): Buffer {
  return typeof serialized === "string" ? Buffer.from(serialized, "latin1") : serialized;
}
Object.setPrototypeOf(JsonResponse.prototype, Response.prototype);

/**
 * The serialized body of a Response built by json(), for lib/server to send as it is: a Buffer,
 * or a string of its bytes one per character (write it as latin1).
 */
export function serializedBodyOf(response: Response): Buffer | string | undefined {
  return response instanceof JsonResponse ? response.serialized : undefined;
}

/** The headers of a Response built by json(), as node:http's writeHead takes them. */
export function headerListOf(response: Response): string[] | undefined {
  return response instanceof JsonResponse ? response.headers.toList() : undefined;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, status, new PlainHeaders(headers));
}

function jsonResponse(body: unknown, status: number, list: PlainHeaders): Response {
  const text = JSON.stringify(body);
  if (!list.has("content-type")) list.set("content-type", JSON_CONTENT_TYPE);
  // ASCII text (nearly every answer) is its own latin1 bytes: kept as the string, which lib/server
  // writes as it is, rather than encoded to a Buffer it would copy back to a string to write.
  return new JsonResponse(
    Buffer.byteLength(text) === text.length ? text : Buffer.from(text),
    status,
    list,
  ) as unknown as Response;
}

/** A JSON response from the response cache: its bytes as a latin1 string and a header list kept by `headerListOf`. */
export function jsonFromList(bytes: string, status: number, headers: readonly string[]): Response {
  return new JsonResponse(bytes, status, PlainHeaders.fromList(headers)) as unknown as Response;
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers });
}

/**
 * Serializes a success body. Outside production the body is checked against its schema first,
 * so a field the interface does not name fails the tests instead of reaching a client.
 */
export function respond<S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  if (config().NODE_ENV !== "production") {
    const checked = (schema as z.ZodType).safeParse(body);
    if (!checked.success) throw new Error(`Response does not match its schema: ${checked.error.message}`);
  }
  return json(body, status, headers);
}

/** Query parameters as an object; a repeated parameter becomes an array. */
// Clients at volume repeat the same few query strings (`?coins=ETH,BTC`), and parsing is pure:
// each schema keeps its last parses by the exact query string, frozen. Only valid ones are kept.
const MAX_PARSED_QUERIES = 256;
const MAX_REMEMBERED_QUERY_LENGTH = 512;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();

export function parseQuery<S extends z.ZodType>(url: Pick<URL, "search" | "searchParams">, schema: S): z.output<S> {
  const search = url.search;
  let known = parsedQueries.get(schema);
  const hit = known?.get(search);
  if (hit !== undefined) return hit as z.output<S>;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    raw[key] = values.length === 1 ? values[0] : values;
    checkJsonValue(raw[key], key);
  }
  const parsed = deepFreeze(parseWith(schema, raw));
  if (search.length > MAX_REMEMBERED_QUERY_LENGTH) return parsed;
  if (!known) parsedQueries.set(schema, (known = new Map()));
  if (known.size >= MAX_PARSED_QUERIES) known.delete(known.keys().next().value!);
  known.set(search, parsed);
  return parsed;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, status = 400): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, status);
  return parsed.data;
}

/**
 * Reads a JSON body whatever its content type (endpoint 9 is sent with any), within the size and
 * depth limits (lib/http/body.ts), and validates it.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { anyContentType?: boolean } = {},
): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!options.anyContentType && type !== "" && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, "Content-Type", "Send the body as application/json.");
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES && Buffer.byteLength(text) > MAX_BODY_BYTES) throw bodyTooLarge();
  return parseWith(schema, parseJsonBody(text));
}
