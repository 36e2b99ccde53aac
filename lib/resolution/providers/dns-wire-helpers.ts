import "server-only";
import { createSocket } from "node:dgram";
import { isIPv6, Socket } from "node:net";
import { randomInt } from "node:crypto";

// A small DNS stub client (RFC 1035): one question per query over UDP, retried over TCP when the
// answer is truncated. Node's own resolver hides TTLs for everything but A and AAAA, which the
// interface needs for every record type.

export const RECORD_TYPES = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 } as const;
export type RecordTypeName = keyof typeof RECORD_TYPES;
const TYPE_NAMES = new Map<number, RecordTypeName>(
  Object.entries(RECORD_TYPES).map(([k, v]) => [v, k as RecordTypeName]),
);

export const RCODE_NXDOMAIN = 3;

export interface DnsServer {
  host: string;
  port: number;
}

export interface DnsAnswer {
  name: string;
  type: RecordTypeName;
  ttl: number;
  /** Presentation form: an address, a name, "10 mx.example.com", or a TXT record's joined strings. */
  value: string;
}

export interface DnsResponse {
  rcode: number;
  answers: DnsAnswer[];
  /** The negative-caching TTL from the authority section's SOA (RFC 2308), when present. */
  negativeTtl?: number;
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address. */
export function parseDnsServer(text: string): DnsServer {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : 53 };
  if (isIPv6(trimmed)) return { host: trimmed, port: 53 };
  const [host, port] = trimmed.split(":");
  return { host: host!, port: port ? Number(port) : 53 };
}

export function encodeQuery(id: number, name: string, type: RecordTypeName): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  const parts: Buffer[] = [Buffer.from([id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0])];
  for (const label of labels) {
    const bytes = Buffer.from(label, "ascii");
    if (bytes.length > 63) throw new RangeError(`DNS label longer than 63 bytes: ${label}`);
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  const type16 = RECORD_TYPES[type];
  parts.push(Buffer.from([0, type16 >> 8, type16 & 0xff, 0, 1]));
  return Buffer.concat(parts);
}

function readName(buf: Buffer, start: number): { name: string; next: number } {
  const labels: string[] = [];
  let offset = start;
  let next = -1;
  for (let jumps = 0; jumps < 64; jumps++) {
    const length = buf.readUInt8(offset);
    if (length === 0) {
      return { name: labels.join("."), next: next === -1 ? offset + 1 : next };
    }
    if ((length & 0xc0) === 0xc0) {
      if (next === -1) next = offset + 2;
      offset = buf.readUInt16BE(offset) & 0x3fff;
      continue;
    }
    labels.push(buf.toString("latin1", offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  throw new RangeError("DNS name compression loop");
}

function formatIPv6(bytes: Buffer): string {
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== "0") {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  if (bestStart === -1) return groups.join(":");
  return `${groups.slice(0, bestStart).join(":")}::${groups.slice(bestStart + bestLength).join(":")}`;
}

function readRecordData(buf: Buffer, type: number, offset: number, length: number): string | null {
  switch (type) {
    case RECORD_TYPES.A:
      return Array.from(buf.subarray(offset, offset + 4)).join(".");
    case RECORD_TYPES.AAAA:
      return formatIPv6(buf.subarray(offset, offset + 16));
    case RECORD_TYPES.CNAME:
    case RECORD_TYPES.NS:
      return readName(buf, offset).name;
    case RECORD_TYPES.MX:
      return `${buf.readUInt16BE(offset)} ${readName(buf, offset + 2).name}`;
    case RECORD_TYPES.TXT: {
      const strings: Buffer[] = [];
      for (let at = offset; at < offset + length;) {
        const size = buf.readUInt8(at);
        strings.push(buf.subarray(at + 1, at + 1 + size));
        at += 1 + size;
      }
      return Buffer.concat(strings).toString("utf8");
    }
    default:
      return null;
  }
}

export function decodeResponse(buf: Buffer): DnsResponse & { id: number; truncated: boolean } {
  const id = buf.readUInt16BE(0);
  const flags = buf.readUInt16BE(2);
  const [questions, answerCount, authorityCount] = [buf.readUInt16BE(4), buf.readUInt16BE(6), buf.readUInt16BE(8)];
  let offset = 12;
  for (let i = 0; i < questions; i++) offset = readName(buf, offset).next + 4;
  const answers: DnsAnswer[] = [];
  let negativeTtl: number | undefined;
  for (const [section, count] of [
    [0, answerCount],
    [1, authorityCount],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const { name, next } = readName(buf, offset);
      const type = buf.readUInt16BE(next);
      const ttl = buf.readUInt32BE(next + 4);
      const length = buf.readUInt16BE(next + 8);
      const dataStart = next + 10;
      if (section === 0) {
        const typeName = TYPE_NAMES.get(type);
        const value = typeName ? readRecordData(buf, type, dataStart, length) : null;
        if (typeName && value !== null) answers.push({ name, type: typeName, ttl, value });
      } else if (type === RECORD_TYPES.SOA) {
        const mname = readName(buf, dataStart);
        const rname = readName(buf, mname.next);
        const minimum = buf.readUInt32BE(rname.next + 16);
        negativeTtl = Math.min(ttl, minimum);
      }
      offset = dataStart + length;
    }
  }
  return { id, rcode: flags & 0x0f, truncated: (flags & 0x0200) !== 0, answers, negativeTtl };
}

function queryUdp(server: DnsServer, query: Buffer, id: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIPv6(server.host) ? "udp6" : "udp4");
    let done = false;
    const finish = (error: unknown, message?: Buffer) => {
      if (done) return;
      done = true;
      signal.removeEventListener("abort", onAbort);
      socket.close();
      if (message) resolve(message);
      else reject(error);
    };
    const onAbort = () => finish(signal.reason);
    if (signal.aborted) return finish(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    socket.on("error", (error) => finish(error));
    socket.on("message", (message) => {
      // Ignore anything that is not the answer to this query (spoofing, late replies).
      if (message.length >= 12 && message.readUInt16BE(0) === id) finish(undefined, message);
    });
    // A connected socket hears ICMP port-unreachable, so a dead server fails at once.
    socket.connect(server.port, server.host, () => {
      socket.send(query, (error) => {
        if (error) finish(error);
      });
    });
  });
}

function queryTcp(server: DnsServer, query: Buffer, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (error: unknown, message?: Buffer) => {
      if (done) return;
      done = true;
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      if (message) resolve(message);
      else reject(error);
    };
    const onAbort = () => finish(signal.reason);
    if (signal.aborted) return finish(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    socket.on("error", (error) => finish(error));
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0))
        finish(undefined, received.subarray(2, 2 + received.readUInt16BE(0)));
    });
    socket.connect(server.port, server.host, () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
  });
}

/** One question to one server; aborting `signal` ends it. */
export async function queryDns(
  server: DnsServer,
  name: string,
  type: RecordTypeName,
  signal: AbortSignal,
): Promise<DnsResponse> {
  const id = randomInt(0, 0x10000);
  const query = encodeQuery(id, name, type);
  let response = decodeResponse(await queryUdp(server, query, id, signal));
  if (response.truncated) response = decodeResponse(await queryTcp(server, query, signal));
  return { rcode: response.rcode, answers: response.answers, negativeTtl: response.negativeTtl };
}
