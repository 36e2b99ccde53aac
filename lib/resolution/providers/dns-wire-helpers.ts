import "server-only";
import { createSocket } from "node:dgram";
import { isIP, isIPv6, Socket } from "node:net";
import { randomInt } from "node:crypto";
import dnsPacket, { type Answer } from "dns-packet";
import { countOutbound } from "../outbound-meter";

// A small DNS stub client (RFC 1035): one question per query over UDP, retried over TCP when the
// answer is truncated. Node's own resolver hides TTLs for everything but A and AAAA, which the
// interface needs for every record type. Messages are encoded and decoded by dns-packet; what it
// decodes is then checked record by record, so any answer that is not a well-formed response to
// the question asked is a MalformedDnsAnswer (502), never a crash or a half-read record.

export const RECORD_TYPES = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 } as const;
export type RecordTypeName = keyof typeof RECORD_TYPES;

export const RCODE_NXDOMAIN = 3;
/** The largest DNS message: TCP frames it with a 16-bit length. */
const MAX_MESSAGE_BYTES = 65_535;
const MAX_RECORDS = 1_000;

export class MalformedDnsAnswer extends Error {}

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
  for (const label of labels)
    if (Buffer.byteLength(label, "ascii") > 63) throw new RangeError(`DNS label longer than 63 bytes: ${label}`);
  return dnsPacket.encode({
    type: "query",
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name: labels.join("."), class: "IN" }],
  });
}

const isName = (value: unknown): value is string => typeof value === "string" && value.length <= 253;
const isTtl = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The presentation form of one answer record of a type we read; null for other types. */
function presentation(record: Answer): string | null {
  const data = (record as { data?: unknown }).data;
  switch (record.type) {
    case "A":
      if (typeof data !== "string" || isIP(data) !== 4) throw new MalformedDnsAnswer("an A record is not an address");
      return data;
    case "AAAA":
      if (typeof data !== "string" || isIP(data) !== 6)
        throw new MalformedDnsAnswer("an AAAA record is not an address");
      return data;
    case "CNAME":
    case "NS":
      if (!isName(data)) throw new MalformedDnsAnswer(`a ${record.type} record holds no name`);
      return data;
    case "MX": {
      const mx = data as { preference?: unknown; exchange?: unknown } | undefined;
      if (!Number.isInteger(mx?.preference) || !isName(mx?.exchange))
        throw new MalformedDnsAnswer("an MX record is incomplete");
      return `${mx!.preference as number} ${mx!.exchange as string}`;
    }
    case "TXT": {
      const strings = Array.isArray(data) ? data : [data];
      if (!strings.every((part) => Buffer.isBuffer(part) || typeof part === "string"))
        throw new MalformedDnsAnswer("a TXT record is not text");
      return Buffer.concat(strings.map((part: Buffer | string) => Buffer.from(part))).toString("utf8");
    }
    default:
      return null;
  }
}

/** Decodes a response; anything that is not a well-formed DNS response throws MalformedDnsAnswer. */
export function decodeResponse(
  buf: Buffer,
): DnsResponse & { id: number; truncated: boolean; questions: { name: string; type: string }[] } {
  if (buf.length < 12 || buf.length > MAX_MESSAGE_BYTES) throw new MalformedDnsAnswer("the message has no header");
  let packet: ReturnType<typeof dnsPacket.decode>;
  try {
    packet = dnsPacket.decode(buf);
  } catch (error) {
    throw new MalformedDnsAnswer((error as Error).message);
  }
  if (packet.type !== "response") throw new MalformedDnsAnswer("the message is not a response");
  const records = [...(packet.answers ?? []), ...(packet.authorities ?? [])];
  if (records.length > MAX_RECORDS) throw new MalformedDnsAnswer("the message holds too many records");
  const answers: DnsAnswer[] = [];
  for (const record of packet.answers ?? []) {
    const ttl = (record as { ttl?: unknown }).ttl;
    if (!isName(record.name) || !isTtl(ttl)) throw new MalformedDnsAnswer("a record has no name or TTL");
    const value = presentation(record);
    if (value !== null && record.type in RECORD_TYPES)
      answers.push({ name: record.name, type: record.type as RecordTypeName, ttl, value });
  }
  let negativeTtl: number | undefined;
  for (const record of packet.authorities ?? []) {
    if (record.type !== "SOA") continue;
    const minimum = (record.data as { minimum?: unknown } | undefined)?.minimum;
    if (!isTtl(record.ttl) || !isTtl(minimum)) throw new MalformedDnsAnswer("the SOA record is incomplete");
    negativeTtl = Math.min(record.ttl, minimum);
  }
  return {
    id: packet.id ?? -1,
    rcode: (packet.flags ?? 0) & 0x0f,
    truncated: packet.flag_tc === true,
    questions: (packet.questions ?? []).map((q) => ({ name: String(q.name), type: String(q.type) })),
    answers,
    negativeTtl,
  };
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
      // Ignore anything that does not carry this query's id (spoofing, late replies); what does is
      // the answer, readable or not.
      if (message.length >= 2 && message.readUInt16BE(0) === id) finish(undefined, message);
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
    socket.on("close", () => finish(new MalformedDnsAnswer("the server closed the TCP connection before answering")));
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
  countOutbound("dns");
  let response = decodeResponse(await queryUdp(server, query, id, signal));
  if (response.truncated) {
    countOutbound("dns");
    response = decodeResponse(await queryTcp(server, query, signal));
  }
  const asked = name.replace(/\.$/, "").toLowerCase();
  const question = response.questions[0];
  if (response.id !== id || (question && (question.name.toLowerCase() !== asked || question.type !== type)))
    throw new MalformedDnsAnswer("the answer is for another question");
  return { rcode: response.rcode, answers: response.answers, negativeTtl: response.negativeTtl };
}
