import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";
import { BaseError, isHex, type Address, type Hex } from "viem";
import { countOutbound } from "../outbound-meter";

// EIP-3668 gateway requests made for CCIP-Read. The gateway URL comes from the resolver contract,
// that is from whoever controls the name, so it is hostile input: only http(s), no redirects, a
// bounded answer, and (unless allowed for a private deployment or tests) only public addresses,
// checked on the address actually connected to so a DNS answer cannot point us inward.

const MAX_ANSWER_BYTES = 256 * 1024;

export type GatewayFailureKind = "timeout" | "status" | "unreachable" | "malformed" | "not-public" | "scheme";

/** Why one gateway request failed; rpcFailure turns it into 502 or 504 naming the gateway's host. */
export class CcipGatewayError extends BaseError {
  constructor(
    readonly kind: GatewayFailureKind,
    readonly gatewayHost: string,
    detail: string,
    readonly status?: number,
  ) {
    super(detail, { name: "CcipGatewayError" });
  }
}

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return NON_PUBLIC.check(address, "ipv4");
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4 written inside IPv6 (mapped, or NAT64's well-known prefix) is judged as the IPv4 address.
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return NON_PUBLIC.check(embedded, "ipv4");
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const word = (h: string) => parseInt(h, 16);
    const v4 = [word(hex[1]!) >> 8, word(hex[1]!) & 255, word(hex[2]!) >> 8, word(hex[2]!) & 255].join(".");
    return NON_PUBLIC.check(v4, "ipv4");
  }
  return NON_PUBLIC.check(address, "ipv6");
}

/** Gateways of one resolution still being asked or that timed out, so a deadline can say who was slow. */
const pendingGateways = new AsyncLocalStorage<Set<string>>();

export function trackGateways<T>(work: () => Promise<T>, pending: Set<string>): Promise<T> {
  return pendingGateways.run(pending, work);
}

export interface GatewayRequestParameters {
  data: Hex;
  sender: Address;
  urls: readonly string[];
  timeout?: number;
  requestOptions?: { signal?: AbortSignal };
}

/** viem's `ccipRead.request`: each URL in order until one answers hex data. */
export function gatewayRequester(options: { allowNonPublic: boolean }) {
  return async function request(parameters: GatewayRequestParameters): Promise<Hex> {
    let failure: CcipGatewayError | undefined;
    for (const url of parameters.urls) {
      try {
        return await askGateway(url, parameters, options.allowNonPublic);
      } catch (error) {
        if (!(error instanceof CcipGatewayError)) throw error;
        failure = error;
      }
    }
    throw failure ?? new CcipGatewayError("malformed", "?", "The resolver named no gateway URL.");
  };
}

async function askGateway(template: string, parameters: GatewayRequestParameters, allowNonPublic: boolean) {
  const target = template.replace("{sender}", parameters.sender.toLowerCase()).replace("{data}", parameters.data);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new CcipGatewayError("scheme", "?", "The resolver named a gateway URL that is not a URL.");
  }
  const host = url.host;
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CcipGatewayError("scheme", host, `The gateway URL scheme ${url.protocol} is not allowed.`);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowNonPublic && isIP(literal) && isNonPublicAddress(literal))
    throw new CcipGatewayError("not-public", host, `The gateway ${host} is not a public address; it was not asked.`);

  countOutbound("gateway");
  const pending = pendingGateways.getStore();
  pending?.add(host);
  const post = !template.includes("{data}");
  const body = post ? JSON.stringify({ data: parameters.data, sender: parameters.sender }) : undefined;
  const signals = [
    parameters.requestOptions?.signal,
    parameters.timeout ? AbortSignal.timeout(parameters.timeout) : null,
  ];
  const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => Boolean(s)));
  let timedOut = false;
  try {
    const { status, type, text } = await send(url, { post, body, signal, allowNonPublic });
    let result: unknown = text;
    if (type.startsWith("application/json")) {
      try {
        result = (JSON.parse(text) as { data?: unknown }).data;
      } catch {
        throw new CcipGatewayError("malformed", host, `The gateway ${host} answered JSON that does not parse.`);
      }
    }
    if (status < 200 || status > 299)
      throw new CcipGatewayError("status", host, `The gateway ${host} answered HTTP ${status}.`, status);
    if (typeof result !== "string" || !isHex(result, { strict: true }))
      throw new CcipGatewayError("malformed", host, `The gateway ${host} answered something that is not hex data.`);
    return result;
  } catch (error) {
    if (error instanceof CcipGatewayError) throw error;
    if (signal.aborted && parameters.requestOptions?.signal?.aborted) throw parameters.requestOptions.signal.reason;
    if (signal.aborted) {
      timedOut = true;
      throw new CcipGatewayError("timeout", host, `The gateway ${host} did not answer in time.`);
    }
    const reason = (error as Error).message;
    if ((error as { code?: string }).code === "ENOTPUBLIC")
      throw new CcipGatewayError("not-public", host, `The gateway ${host} is not a public address; it was not asked.`);
    throw new CcipGatewayError("unreachable", host, `The gateway ${host} could not be reached (${reason}).`);
  } finally {
    if (!timedOut) pending?.delete(host);
  }
}

function send(
  url: URL,
  options: { post: boolean; body?: string; signal: AbortSignal; allowNonPublic: boolean },
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      {
        method: options.post ? "POST" : "GET",
        headers: options.post
          ? { "content-type": "application/json", "content-length": Buffer.byteLength(options.body!) }
          : {},
        signal: options.signal,
        lookup: options.allowNonPublic ? undefined : publicOnlyLookup,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy();
            reject(new CcipGatewayError("malformed", url.host, `The gateway ${url.host} answered more than 256 KB.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves like dns.lookup, refusing names whose addresses are not all public. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const notPublic: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
      notPublic.code = "ENOTPUBLIC";
      return callback(notPublic, "");
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
