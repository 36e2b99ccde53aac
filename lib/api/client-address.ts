import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";

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
  let address = "";
  if (config().TRUST_PROXY === "1") {
    const forwarded = request.headers.get("x-forwarded-for");
    if (forwarded) address = forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
  }
  if (!address) address = peerAddress(request) ?? "";
  return address ? addressKey(address) : "unknown";
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
  const forwarded = config().TRUST_PROXY === "1" ? request.headers.get("x-forwarded-for") : null;
  return !forwarded || LOOPBACK.test(forwarded.slice(forwarded.lastIndexOf(",") + 1).trim());
}

/**
 * IPv4 as is (also when IPv4-mapped in IPv6); IPv6 by its /64, since one subscriber usually holds
 * a whole /64 and could otherwise rotate through it.
 */
export function addressKey(address: string): string {
  if (address.startsWith("::ffff:") && address.includes(".")) return address.slice(7);
  if (!address.includes(":")) return address;
  const zoneless = address.split("%")[0]!.toLowerCase();
  const [head, tail = ""] = zoneless.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = zoneless.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
