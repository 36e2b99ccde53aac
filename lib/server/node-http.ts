import "server-only";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { bodyTooLarge, CAPPED_BODY, MAX_BODY_BYTES, refuseDeclaredOversize } from "@/lib/http/body";
import { PEER } from "@/lib/http/client-address";
import { FIXED_ORIGIN } from "@/lib/http/edge";
import { headerListOf, serializedBodyOf } from "@/lib/http/handler";
import { OWN_TARGET, PARSED_TARGET, type RequestTarget } from "@/lib/http/request-target";

// Conversion between node:http and the Web Request/Response the route handlers speak.
//
// Building a real `Request` (undici) costs tens of microseconds, about as much as a whole cached
// resolution. The API gets a lazy view of the node request instead, implementing the parts of
// the Request interface the handlers use: method, url, headers, signal and the body readers.
// The view's URL is built on a fixed origin (the Host header never shapes it), its peer address
// comes from the socket, and its body readers stop at the size limit.

/** Read-only Headers over node's already lower-cased header object (internal headers already removed). */
class NodeHeaders implements Headers {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    const value = this.raw[key];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(key === "cookie" ? "; " : ", ") : value;
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  getSetCookie(): string[] {
    return [];
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
  *entries(): HeadersIterator<[string, string]> {
    for (const key of Object.keys(this.raw).sort()) {
      const value = this.get(key);
      if (value !== null) yield [key, value];
    }
  }
  *keys(): HeadersIterator<string> {
    for (const [key] of this.entries()) yield key;
  }
  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  append(): void {
    throw new TypeError("Request headers are immutable.");
  }
  delete(): void {
    throw new TypeError("Request headers are immutable.");
  }
  set(): void {
    throw new TypeError("Request headers are immutable.");
  }
}

class NodeRequest {
  readonly method: string;
  readonly headers: Headers;
  private consumed = false;
  private controller?: AbortController;
  // Filled by requestTarget() (lib/http/request-target.ts); declared so every request view has one shape.
  [PARSED_TARGET]: RequestTarget | undefined = undefined;
  // The path and query the URL is built from, which requestTarget() reads without building it.
  readonly [OWN_TARGET]: string;
  readonly [PEER]: string;
  readonly [CAPPED_BODY] = true;

  constructor(
    private readonly req: IncomingMessage,
    path: string,
  ) {
    // llhttp accepts only upper-case methods.
    this.method = req.method ?? "GET";
    this[OWN_TARGET] = path;
    this.headers = new NodeHeaders(req.headers);
    this[PEER] = req.socket.remoteAddress ?? "";
  }

  get url(): string {
    return FIXED_ORIGIN + this[OWN_TARGET];
  }

  get bodyUsed(): boolean {
    return this.consumed;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      this.req.once("close", () => {
        if (!this.req.complete) controller.abort();
      });
    }
    return this.controller.signal;
  }

  /**
   * The body, or a 413 as soon as it passes the API's size limit, declared or counted (a chunked
   * body is never cut short and parsed). The rest of a refused body is left unread: the answer
   * closes the connection (sendWebResponse).
   */
  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.consumed) throw new TypeError("Body has already been read.");
    this.consumed = true;
    if (this.method === "GET" || this.method === "HEAD") return new ArrayBuffer(0);
    refuseDeclaredOversize(this.req.headers["content-length"]);
    const body = await readCapped(this.req);
    return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return Buffer.from(await this.arrayBuffer()).toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/**
 * Reads a node request body to its end, or rejects with the 413 once it passes the limit. Past the
 * limit the rest is discarded as it arrives, never kept (a `for await` loop would destroy the
 * socket on leaving early, and the client would get a reset instead of the 413).
 */
function readCapped(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: unknown) => {
      req.off("data", onData).off("end", onEnd).off("error", done).off("close", onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      chunks.length = 0;
      done(bodyTooLarge());
      req.resume();
    };
    const onEnd = () => done();
    const onClose = () => done(new Error("The client closed the connection before the body arrived."));
    req.on("data", onData).on("end", onEnd).on("error", done).on("close", onClose);
  });
}

const LINGER_MS = 2000;
const LINGER_REQUEST = Symbol("namesvc.linger-request");

/**
 * A request with a body may be answered before the body has all arrived (a 413). Node then closes
 * the socket at once, and the kernel answers what the client still sends with a reset, which can
 * reach the client before it read the answer: it sees "connection reset" instead of the 413. Such a
 * connection is closed as HTTP servers do (lingering close): the answer and a FIN go out, what the
 * client still sends is read and dropped, and the socket closes once the client ends or after
 * LINGER_MS. Requests without a body are left alone (the hot path pays one header check).
 */
export function lingerOnEarlyAnswer(req: IncomingMessage): void {
  if (!hasBody(req)) return;
  const socket = req.socket as IncomingMessage["socket"] & { [LINGER_REQUEST]?: IncomingMessage };
  // A keep-alive connection carries many requests: its close is wrapped once and judges the latest.
  const wrapped = socket[LINGER_REQUEST] !== undefined;
  socket[LINGER_REQUEST] = req;
  if (wrapped) return;
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    if (this[LINGER_REQUEST]!.complete || this.destroyed) return destroySoon.call(this);
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", () => this.destroy());
  };
}

/** The API's view of a node request; `path` is the path and query of its target (lib/http/edge.ts). */
export function toWebRequest(req: IncomingMessage, path: string): Request {
  return new NodeRequest(req, path) as unknown as Request;
}

/**
 * Writes a route's Response. One built by json() (every API answer but 204s and proxied bodies)
 * is written at once from its bytes and header list; only another kind returns a promise, for
 * reading its body.
 */
export function sendWebResponse(res: ServerResponse, response: Response, method: string): Promise<void> | undefined {
  const preset = serializedBodyOf(response);
  if (preset === undefined) return sendOtherResponse(res, response, method);
  const headers = headerListOf(response)!;
  headers.push("content-length", String(typeof preset === "string" ? preset.length : preset.byteLength));
  if (!requestFullyRead(res)) headers.push("connection", "close");
  res.writeHead(response.status, headers);
  if (method === "HEAD") res.end();
  // A string body goes out with the head in one write; a Buffer would take a second one (writev
  // of two chunks: twice the kernel's time per answer on a small body). Small bodies are copied
  // to a string for that; large ones are not worth the copy.
  else
    res.end(
      typeof preset === "string" || preset.byteLength > ONE_WRITE_MAX_BYTES ? preset : preset.toString("latin1"),
      "latin1",
    );
  return undefined;
}

const ONE_WRITE_MAX_BYTES = 16 * 1024;

async function sendOtherResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!requestFullyRead(res)) headers.connection = "close";
  if (method === "HEAD" || response.body === null) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * False when the answer goes out before the whole request body arrived (too large, or refused
 * unread): the rest of the body is still on the socket, so the connection cannot carry another
 * request. Without `connection: close` a reused keep-alive connection could leave the client's
 * next request unanswered. A request without a body is whole once its headers are, even before
 * node marks it complete (an answer written in the same turn as the request event).
 */
function requestFullyRead(res: ServerResponse): boolean {
  const req = res.req;
  if (!req || req.complete) return true;
  return !hasBody(req);
}

/** Whether a request declares a body: chunked, or a Content-Length over 0. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

export { applyServerLimits, SERVER_LIMITS } from "./server-limits.mjs";
