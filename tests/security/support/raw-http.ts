// HTTP/1.1 over a bare TCP socket, for requests fetch cannot send: any Host header (`x?`, `x y`),
// absolute-form targets, spoofed internal headers, chunked bodies of any size sent as they are.
// Shared by the security suite; reuse it wherever a test must control the bytes on the wire.
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The first response's bytes as received (latin1). */
  raw: string;
  /** True when the server closed the connection. */
  closed: boolean;
  /** Request body bytes written before the response arrived (streamed requests). */
  bytesSent: number;
}

export interface RawRequest {
  method?: string;
  /** The request target as written on the request line. */
  target: string;
  /** The Host header's value; `null` leaves it out. */
  host?: string | null;
  headers?: Record<string, string>;
  /** A body sent with Content-Length (unless `chunked`). */
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked, one chunk per element. */
  chunked?: (string | Buffer)[];
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** The bytes of a request; `Connection: close` so the server's answer ends the exchange. */
function requestBytes(request: RawRequest, hostOfServer: string): Buffer {
  const lines = [`${request.method ?? "GET"} ${request.target} HTTP/1.1`];
  const host = request.host === undefined ? hostOfServer : request.host;
  if (host !== null) lines.push(`Host: ${host}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
  let body = Buffer.alloc(0);
  if (request.chunked) {
    lines.push("Transfer-Encoding: chunked");
    body = Buffer.concat([...request.chunked.map(chunkOf), Buffer.from("0\r\n\r\n")]);
  } else if (request.body !== undefined) {
    body = Buffer.from(request.body);
    lines.push(`Content-Length: ${body.length}`);
  }
  if (!Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === "connection"))
    lines.push("Connection: close");
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

function chunkOf(data: string | Buffer): Buffer {
  const bytes = Buffer.from(data);
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
}

/** Sends one request and reads the first response. */
export function rawRequest(origin: string, request: RawRequest, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RawResponse> {
  return exchange(
    origin,
    (socket) => {
      socket.write(requestBytes(request, new URL(origin).host));
      return () => 0;
    },
    timeoutMs,
  );
}

/**
 * Streams a chunked body of `totalBytes` (in chunks of `chunkBytes`, JSON-looking filler) and stops
 * writing as soon as any response byte arrives: `bytesSent` then shows how much the server
 * took before it answered.
 */
export function streamChunked(
  origin: string,
  request: Omit<RawRequest, "body" | "chunked">,
  totalBytes: number,
  chunkBytes = 16 * 1024,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<RawResponse> {
  return exchange(
    origin,
    (socket, answered) => {
      const head = requestBytes({ ...request, chunked: [] }, new URL(origin).host);
      // requestBytes ended the chunked body; keep only the head.
      socket.write(head.subarray(0, head.length - 5));
      let sent = 0;
      const filler = chunkOf(Buffer.alloc(chunkBytes, "[".charCodeAt(0)));
      const pump = () => {
        while (sent < totalBytes && !answered() && !socket.destroyed) {
          sent += chunkBytes;
          if (!socket.write(filler)) return void socket.once("drain", pump);
        }
        if (sent >= totalBytes && !answered() && !socket.destroyed) socket.write("0\r\n\r\n");
      };
      pump();
      return () => sent;
    },
    timeoutMs,
  );
}

function exchange(
  origin: string,
  start: (socket: Socket, answered: () => boolean) => () => number,
  timeoutMs: number,
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let closed = false;
    let settled = false;
    let sentSoFar = () => 0;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponse(received);
      if (!parsed) reject(error ?? new Error(`no complete response (${received.length} bytes received)`));
      else resolve({ ...parsed, closed, bytesSent: sentSoFar() });
    };
    const timer = setTimeout(() => finish(new Error(`no response within ${timeoutMs} ms`)), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (parseResponse(received)?.complete) {
        // Wait a moment for the close that follows `Connection: close`, without depending on it.
        setImmediate(() => finish());
      }
    });
    socket.on("end", () => {
      closed = true;
      finish();
    });
    socket.on("close", () => {
      closed = true;
      finish();
    });
    // A server that answers before the body is sent may reset the connection; what arrived counts.
    socket.on("error", (error) => finish(error));
    socket.on("connect", () => {
      sentSoFar = start(socket, () => received.length > 0);
    });
  });
}

/** The first response in `bytes`, when its head arrived; `complete` once its whole body did. */
export function parseResponse(
  bytes: Buffer,
): (Omit<RawResponse, "closed" | "bytesSent"> & { complete: boolean }) | null {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return null;
  const head = bytes.subarray(0, end).toString("latin1");
  const [statusLine, ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = bytes.subarray(end + 4);
  let body: Buffer;
  let complete: boolean;
  if (headers["transfer-encoding"]?.toLowerCase().includes("chunked")) {
    ({ body, complete } = dechunk(rest));
  } else {
    const length = Number(headers["content-length"] ?? 0);
    body = rest.subarray(0, length);
    complete = rest.length >= length;
  }
  return { status, headers, body: body.toString("utf8"), raw: bytes.toString("latin1"), complete };
}

function dechunk(bytes: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd === -1) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    if (bytes.length < lineEnd + 2 + size) return { body: Buffer.concat(parts), complete: false };
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(response: RawResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}
