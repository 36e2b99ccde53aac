import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { config } from "@/lib/config";
import { authenticate, type Caller, type TokenType } from "@/lib/partners/authenticate";
import { setCorsHeaders } from "./cors";
import { ApiError, errorBody, fromZodError, type ErrorShape } from "./errors";
import { logError } from "./log";
import { PlainHeaders } from "./plain-headers";
import { enforceRateLimit, setRateLimitHeaders, type RateLimitDecision } from "./rate-limit";
import { routePolicy, type RoutePolicy } from "./route-policy";
import { setApiSecurityHeaders } from "./security-headers";

// The one wrapper every route handler goes through: it authenticates, applies the rate limit,
// hands the handler its parsed context, adds the CORS and security headers, and is the only
// place that catches. Handlers use only the Web Request and Response APIs, so the same
// functions serve under Next.js and under lib/server.

type RawParams = Record<string, string | string[] | undefined>;

/** Next.js passes params as a promise; lib/server passes the same shape. */
export interface RouteContext {
  params: Promise<RawParams>;
}

export interface EndpointOptions<A extends boolean> {
  /** Error body of this endpoint: ErrorResponse ("single") or ErrorsResponse ("list"). */
  errors: ErrorShape;
  /** Token types allowed; absent means the endpoint needs no authorization. */
  allow?: A extends true ? readonly TokenType[] : undefined;
  /** Extra response headers on success and failure (caching). */
  headers?: Record<string, string>;
  /** Browser access and rate limit; by default decided from the path (lib/api/route-policy.ts). */
  policy?: RoutePolicy;
}

export interface HandlerInput<A extends boolean> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  caller: A extends true ? Caller : undefined;
}

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function endpoint(
  options: EndpointOptions<false> & { allow?: undefined },
  handler: (input: HandlerInput<false>) => Promise<Response>,
): RouteHandler;
export function endpoint(
  options: EndpointOptions<true> & { allow: readonly TokenType[] },
  handler: (input: HandlerInput<true>) => Promise<Response>,
): RouteHandler;
export function endpoint(
  options: EndpointOptions<boolean>,
  handler: (input: HandlerInput<boolean>) => Promise<Response>,
): RouteHandler {
  // One handler serves one route, so its policy is settled by the first request's path.
  let policy = options.policy;
  const route: RouteHandler = async (request, context) => {
    let response: Response;
    let limit: RateLimitDecision | undefined;
    try {
      const url = requestUrl(request);
      policy ??= routePolicy(url.pathname);
      const params = decodeParams(await context.params);
      let caller: Caller | undefined;
      if (options.allow) {
        // A token seen before is checked without waiting (see lib/partners/authenticate.ts).
        const checked = authenticate(request, options.allow);
        caller = checked instanceof Promise ? await checked : checked;
      }
      limit = enforceRateLimit(policy.rateLimit, request, caller?.tokenId);
      response = await handler({ request, url, params, caller });
      if (options.headers)
        for (const [name, value] of Object.entries(options.headers)) response.headers.set(name, value);
    } catch (error) {
      const { status, body, headers } = errorBody(error, options.errors);
      // Made only here: a successful request needs no id.
      const requestId = request.headers.get("x-request-id") ?? randomUUID();
      // An unreachable database is reported once by the pool, not per request.
      if (status >= 500 && status !== 503) logError(requestId, request, error);
      response = json(body, status, { ...options.headers, ...headers, "x-request-id": requestId });
    }
    return withApiHeaders(response, request, policy ?? { cors: "none", rateLimit: null }, limit);
  };
  declarations.set(route, { errors: options.errors, allow: options.allow ?? null });
  return route;
}

/** What a route handler made by endpoint() declares: its error shape and the token types it admits. */
export interface EndpointDeclaration {
  errors: ErrorShape;
  /** Token types allowed; null when the endpoint needs no authorization. */
  allow: readonly TokenType[] | null;
}

const declarations = new WeakMap<RouteHandler, EndpointDeclaration>();

/** The declaration of a route handler, or undefined when endpoint() did not make it. */
export function declarationOf(handler: RouteHandler): EndpointDeclaration | undefined {
  return declarations.get(handler);
}

// The router and the wrapper both need the request's URL; it is parsed once per request and kept
// on the request itself (lib/server's request view declares the slot, so its shape never changes).
export const PARSED_URL = Symbol("parsed URL");

/** The request's URL, parsed once; a Host header that makes no valid URL is a 400. */
export function requestUrl(request: Request): URL {
  const slot = request as Request & { [PARSED_URL]?: URL };
  let url = slot[PARSED_URL];
  if (!url) {
    try {
      url = new URL(request.url);
    } catch {
      throw new ApiError(400, "Host", "The request's Host header does not form a valid URL.");
    }
    slot[PARSED_URL] = url;
  }
  return url;
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

function decodeParams(raw: RawParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key in raw) {
    const value = raw[key];
    const text = Array.isArray(value) ? value.join("/") : (value ?? "");
    let decoded = text;
    if (text.includes("%")) {
      try {
        decoded = decodeURIComponent(text);
      } catch {
        throw new ApiError(400, key, `${key} is not valid percent-encoded text.`);
      }
      refuseNul(decoded, key);
    }
    params[key] = decoded;
  }
  return params;
}

/** PostgreSQL text cannot hold U+0000: refused here as a 400 instead of failing in the database. */
function refuseNul(value: unknown, field: string): void {
  if (typeof value === "string") {
    if (value.includes("\u0000"))
      throw new ApiError(400, field || "body", `${field || "The body"} must not contain NUL characters.`);
  } else if (Array.isArray(value))
    value.forEach((item, index) => refuseNul(item, field ? `${field}.${index}` : String(index)));
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) refuseNul(item, field ? `${field}.${key}` : key);
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
  get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const bytes = this.take();
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    });
  }
  get bodyUsed(): boolean {
    return this.#used;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.take()).buffer;
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(this.take());
  }
  async text(): Promise<string> {
    return this.take().toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.take())], { type: this.headers.get("content-type") ?? "" });
  }
  async formData(): Promise<FormData> {
    this.take();
    throw new TypeError("A JSON response has no form data.");
  }
  clone(): Response {
    if (this.#used) throw new TypeError("Response body is already used.");
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
  return jsonBytes(Buffer.from(JSON.stringify(body)), status, headers);
}

/** A JSON response from an already serialized body. */
export function jsonBytes(bytes: Buffer, status = 200, headers: Record<string, string> = {}): Response {
  const list = new PlainHeaders(headers);
  if (!list.has("content-type")) list.set("content-type", JSON_CONTENT_TYPE);
  return new JsonResponse(bytes, status, list) as unknown as Response;
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

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const search = url.search;
  let known = parsedQueries.get(schema);
  const hit = known?.get(search);
  if (hit !== undefined) return hit as z.output<S>;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    raw[key] = values.length === 1 ? values[0] : values;
    refuseNul(raw[key], key);
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

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body whatever its content type (endpoint 9 is sent with any), within the size
 * limit, and validates it.
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
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, "body", `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new ApiError(413, "body", `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (text.trim() === "") throw new ApiError(400, "body", "The request needs a JSON body.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "body", "The body is not valid JSON.");
  }
  refuseNul(value, "");
  return parseWith(schema, value);
}
