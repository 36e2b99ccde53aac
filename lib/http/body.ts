import "server-only";
import { ApiError } from "@/lib/contract/errors";

// Request bodies: at most MAX_BODY_BYTES, chunked or not, refused before anything is parsed; JSON
// at most MAX_JSON_DEPTH levels deep, checked without recursion on the client's data.

export const MAX_BODY_BYTES = 64 * 1024;
/** The deepest request of the interface nests 3 levels (a purchase's walletAddrs). */
export const MAX_JSON_DEPTH = 16;

/** Marks a request whose body readers enforce MAX_BODY_BYTES themselves (lib/server's view). */
export const CAPPED_BODY = Symbol.for("namesvc.capped-body");

export const bodyTooLarge = () => new ApiError(413, "body", `The body is larger than ${MAX_BODY_BYTES} bytes.`);

/** A Content-Length over the cap is refused before a byte of the body is read. */
export function refuseDeclaredOversize(contentLength: string | null | undefined): void {
  if (contentLength && Number(contentLength) > MAX_BODY_BYTES) throw bodyTooLarge();
}

/**
 * Reads a Web stream body to its end, or throws 413 as soon as it passes the cap. The rest is read
 * and discarded as it arrives, never kept: cancelling the stream would destroy the socket under
 * Next.js before the 413 is written, and the client would get a reset instead of the answer (as
 * lib/server's readCapped does for node requests).
 */
async function readCappedStream(body: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      void discardRest(reader);
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client went away: nothing is left to discard.
  }
}

/**
 * A request whose body is already read within the cap, for handlers served by a server that
 * hands them an unbounded stream (Next.js): every body reader of the copy is then bounded too.
 */
export async function withCappedBody(request: Request): Promise<Request> {
  if ((request as Request & { [CAPPED_BODY]?: true })[CAPPED_BODY] || request.body === null) return request;
  refuseDeclaredOversize(request.headers.get("content-length"));
  const bytes = await readCappedStream(request.body);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes.byteLength > 0 ? bytes : null,
    signal: request.signal,
  });
}

/**
 * Parses a JSON body: 400 when it is not JSON, nests deeper than MAX_JSON_DEPTH, or holds U+0000 or
 * a lone surrogate.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw new ApiError(400, "body", "The request needs a JSON body.");
  let value: unknown;
  try {
    // V8's JSON parser is iterative: any depth parses without exhausting the stack.
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "body", "The body is not valid JSON.");
  }
  checkJsonValue(value, "");
  return value;
}

/**
 * Walks a parsed value with an explicit stack: refuses nesting past MAX_JSON_DEPTH, strings holding
 * U+0000 (PostgreSQL text cannot store it) and strings that are not well-formed UTF-16 (a `\ud800`
 * escape alone: no Unicode text, and Prisma's engine cannot carry it), naming the field at fault.
 */
export function checkJsonValue(value: unknown, field: string): void {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value, field, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const current = item.value;
    if (typeof current === "string") {
      if (current.includes("\u0000"))
        throw new ApiError(400, item.field || "body", `${item.field || "The body"} must not contain NUL characters.`);
      if (!current.isWellFormed())
        throw new ApiError(400, item.field || "body", `${item.field || "The body"} is not valid Unicode text.`);
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (item.depth >= MAX_JSON_DEPTH)
      throw new ApiError(400, "body", `The body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    const prefix = item.field ? `${item.field}.` : "";
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], field: prefix + i, depth: item.depth + 1 });
    } else {
      for (const key of Object.keys(current).reverse()) {
        if (key.includes("\u0000")) throw new ApiError(400, item.field || "body", "A field name contains NUL.");
        if (!key.isWellFormed())
          throw new ApiError(400, item.field || "body", "A field name is not valid Unicode text.");
        stack.push({ value: (current as Record<string, unknown>)[key], field: prefix + key, depth: item.depth + 1 });
      }
    }
  }
}
