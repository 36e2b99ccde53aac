import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { config } from "@/lib/config";
import { keptResults } from "@/lib/memo/kept-results";

// Who sent a request, as the rate limiter and the loopback-only routes see it. No header a client
// can send decides it:
// - lib/server's request view carries the socket's peer address in a symbol slot (PEER);
// - under Next.js (lib/server/next-edge.ts) the edge writes the peer into PEER_HEADER, sealed with
//   a secret of this process, after deleting any copy the client sent; a header without the
//   seal is ignored, so a request that passed no edge of ours has no known peer;
// - behind a load balancer (TRUST_PROXY=1) the peer is the balancer, and the client is the last
//   address it appended to X-Forwarded-For. Earlier entries are whatever the client claimed.

/** The slot of lib/server's request view holding the socket's peer address. */
export const PEER = Symbol.for("namesvc.peer-address");

/** The header the Next.js edge writes: `<seal> <address>`. */
export const PEER_HEADER = "x-namesvc-peer";

// One seal per process, on globalThis: Next.js bundles the instrumentation hook and each route
// apart, and they must agree on it.
const SEAL_SLOT = Symbol.for("namesvc.peer-seal");
function processSeal(): string {
  const slot = globalThis as { [SEAL_SLOT]?: string };
  return (slot[SEAL_SLOT] ??= randomBytes(24).toString("base64url"));
}

/** The value of PEER_HEADER for a request from `address`. */
export function sealedPeer(address: string): string {
  return `${processSeal()} ${address}`;
}

function unsealedPeer(value: string | null): string | undefined {
  if (value === null) return undefined;
  const space = value.indexOf(" ");
  if (space === -1) return undefined;
  const expected = Buffer.from(processSeal());
  const given = Buffer.from(value.slice(0, space));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return value.slice(space + 1) || undefined;
}

/** The address of the connection the request came on, when an edge of ours saw it. */
export function peerAddress(request: Request): string | undefined {
  const slot = (request as Request & { [PEER]?: string })[PEER];
  if (slot !== undefined) return slot || undefined;
  return unsealedPeer(request.headers.get(PEER_HEADER));
}

/** The client's address as rate limits count it; "unknown" (one shared budget) when no edge saw it. */
export function clientAddress(request: Request): string {
  const address = forwardedClient(request) ?? peerAddress(request) ?? "";
  return address ? addressKey(address) : "unknown";
}

/** Behind a trusted proxy, the last address it appended to X-Forwarded-For, canonical. */
function forwardedClient(request: Request): string | undefined {
  if (!config().TRUST_PROXY) return undefined;
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return undefined;
  return canonicalAddress(forwarded.slice(forwarded.lastIndexOf(",") + 1));
}

/**
 * One spelling per address, whatever the proxy wrote: `ip`, `ip:port`, `[v6]` and `[v6]:port`
 * (with any zone), IPv4-mapped IPv6 in dotted or hex form (`::ffff:1.2.3.4`, `::FFFF:102:304`) as
 * the IPv4 address, IPv6 lower-case. Undefined for anything that is not an address.
 */
export function canonicalAddress(raw: string): string | undefined {
  let text = raw.trim();
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end === -1 || !/^(?::\d{1,5})?$/.test(text.slice(end + 1))) return undefined;
    text = text.slice(1, end);
  } else if (/^[\d.]+:\d{1,5}$/.test(text)) {
    text = text.slice(0, text.indexOf(":"));
  }
  if (isIPv4(text)) return text;
  const zoneless = text.split("%")[0]!.toLowerCase();
  if (!isIPv6(zoneless)) return undefined;
  const groups = ipv6Groups(zoneless);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return zoneless;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 is two of them). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * True when the request comes from this machine: the connection's peer is a loopback address and,
 * behind a trusted proxy, so is the client the proxy names (a proxy on the same machine makes
 * every peer a loopback one).
 */
export function fromLoopback(request: Request): boolean {
  const peer = peerAddress(request);
  if (peer === undefined || !LOOPBACK.test(peer)) return false;
  const forwarded = config().TRUST_PROXY ? request.headers.get("x-forwarded-for") : null;
  if (!forwarded) return true;
  const client = canonicalAddress(forwarded.slice(forwarded.lastIndexOf(",") + 1));
  return client !== undefined && LOOPBACK.test(client);
}

// A client sends many requests from one address (its socket's peer string, the same string for
// every request on a connection): the parse runs once per address, kept for the last 10,000.
const MAX_ADDRESS_KEYS = 10_000;

/**
 * IPv4 as is (also when IPv4-mapped in IPv6); IPv6 by its /64, since one subscriber usually holds
 * a whole /64 and could otherwise rotate through it.
 */
export const addressKey: (address: string) => string = keptResults(keyOfAddress, MAX_ADDRESS_KEYS);

function keyOfAddress(address: string): string {
  const canonical = canonicalAddress(address);
  // Not an address (an edge that wrote something else): counted as written, never merged with another.
  if (canonical === undefined) return address;
  if (!canonical.includes(":")) return canonical;
  return `${ipv6Groups(canonical)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
