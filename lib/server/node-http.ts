import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { MAX_BODY_BYTES } from "@/lib/api/handler";

// Conversion between node:http and the Web Request/Response the route handlers speak.

/** Set by the server from the socket (never taken from the client): the peer's address. */
export const REMOTE_ADDRESS_HEADER = "x-namesvc-remote-address";

export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === REMOTE_ADDRESS_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(REMOTE_ADDRESS_HEADER, req.socket.remoteAddress ?? "");
  const method = (req.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(origin + (req.url ?? "/"), {
    method,
    headers,
    body: hasBody ? (limitedBody(req) as unknown as ReadableStream) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/** The request body, cut off with an error once it passes the API's size limit. */
function limitedBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let seen = 0;
  const limit = MAX_BODY_BYTES + 1;
  return (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        // Past the limit the handler only needs to know the body is too large.
        if (seen > limit) return;
        controller.enqueue(chunk);
      },
    }),
  ) as ReadableStream<Uint8Array>;
}

export async function sendWebResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
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
