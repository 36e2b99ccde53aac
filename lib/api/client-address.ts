import "server-only";
import { config } from "@/lib/config";

// The address a request came from, as the rate limiter counts it. The server writes the socket's
// peer into REMOTE_ADDRESS_HEADER and drops any copy a client sent (lib/server/node-http.ts);
// behind a load balancer (TRUST_PROXY=1) the peer is the balancer, and the client is the last
// address it appended to X-Forwarded-For. Earlier entries are whatever the client claimed.

export const REMOTE_ADDRESS_HEADER = "x-namesvc-remote-address";

export function clientAddress(request: Request): string {
  let address = "";
  if (config().TRUST_PROXY === "1") {
    const forwarded = request.headers.get("x-forwarded-for");
    if (forwarded) address = forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
  }
  if (!address) address = request.headers.get(REMOTE_ADDRESS_HEADER) ?? "";
  return address ? addressKey(address) : "unknown";
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
