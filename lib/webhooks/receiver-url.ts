import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { badRequest } from "@/lib/contract/errors";
import { config } from "@/lib/config";
import { isNonPublicAddress } from "@/lib/resolution/providers/ccip-gateway";

// A receiver URL is the partner's, but requests to it leave from inside our network: only https
// and public addresses, unless WEBHOOKS_ALLOW_PRIVATE_URLS=1 (tests, local work). Checked here at
// registration on every address the name has, and again at each delivery on the address actually
// connected to (lib/webhooks/deliver.ts), so a DNS answer changed later cannot point us inward.

export function allowsPrivateReceivers(): boolean {
  return config().WEBHOOKS_ALLOW_PRIVATE_URLS;
}

export async function checkReceiverUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("url", "url is not a URL.");
  }
  const allowPrivate = allowsPrivateReceivers();
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    throw badRequest("url", "url must be https.");
  if (url.username || url.password) throw badRequest("url", "url must not carry credentials.");
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw badRequest("url", `${host} could not be resolved.`);
        },
      );
  if (addresses.length === 0 || addresses.some(isNonPublicAddress))
    throw badRequest("url", `${host} is not a public address; receivers must be reachable on the internet.`);
  return url;
}
