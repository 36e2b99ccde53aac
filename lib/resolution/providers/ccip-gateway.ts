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

export type GatewayFailureKind =
  "timeout" | "status" | "unreachable" | "malformed" | "not-public" | "scheme" | "gateway-budget" | "client-budget";

/** Why one gateway request failed; rpcFailure turns it into 502 or 504 naming the gateway's host. */
export class CcipGatewayError extends BaseError {
  constructor(
    readonly kind: GatewayFailureKind,
    readonly gatewayHost: string,
    detail: string,
    readonly status?: number,
    /** For a spent budget: seconds until it has room again. */
    readonly retryAfterSeconds?: number,
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
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d (which some stacks still route to a.b.c.d).
  ["::", 96],
  // IPv4-translated ::ffff:0:a.b.c.d (RFC 2765).
  ["::ffff:0:0:0", 96],
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

/**
 * One resolution's gateway traffic: the gateways still being asked or that timed out (so a deadline
 * can say who was slow), whether any was asked, and the client the requests are made for.
 */
export interface GatewayTraffic {
  pending: Set<string>;
  asked?: boolean;
  client?: string;
}

const gatewayTraffic = new AsyncLocalStorage<GatewayTraffic>();

export function trackGateways<T>(work: () => Promise<T>, traffic: GatewayTraffic): Promise<T> {
  return gatewayTraffic.run(traffic, work);
}

/**
 * A gateway is whoever controls a name, and any anonymous reader can make us ask it: requests are
 * bounded per gateway host (so we are never the tool that floods someone's server) and per client
 * (so one reader cannot spend the whole host budget), per minute and per instance, and at most
 * GATEWAY_CONCURRENCY run at once per host (the rest wait, within the lookup's deadline).
 */
export interface GatewayBudget {
  perGatewayPerMinute: number;
  perClientPerMinute: number;
}

const GATEWAY_CONCURRENCY = 8;
const WINDOW_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;

class MinuteCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Takes one from `key`'s budget: 0 when admitted, else the seconds until the window ends. */
  take(key: string, limit: number, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_TRACKED_KEYS) this.prune(now);
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    if (window.count >= limit) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return 0;
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: the oldest go (a forgotten window only gives its key a fresh minute).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED_KEYS) break;
      this.windows.delete(key);
    }
  }
}

const perGateway = new MinuteCounter();
const perClient = new MinuteCounter();
const active = new Map<string, number>();
const waiting = new Map<string, { wake: () => void; signal?: AbortSignal }[]>();

async function acquire(host: string, signal: AbortSignal): Promise<void> {
  while ((active.get(host) ?? 0) >= GATEWAY_CONCURRENCY) {
    signal.throwIfAborted();
    await new Promise<void>((resolve, reject) => {
      const queue = waiting.get(host) ?? [];
      waiting.set(host, queue);
      const onAbort = () => reject(signal.reason as Error);
      queue.push({
        wake: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
        signal,
      });
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
  active.set(host, (active.get(host) ?? 0) + 1);
}

function release(host: string): void {
  const left = (active.get(host) ?? 1) - 1;
  if (left > 0) active.set(host, left);
  else active.delete(host);
  const queue = waiting.get(host);
  while (queue?.length) {
    const next = queue.shift()!;
    if (next.signal?.aborted) continue;
    next.wake();
    break;
  }
  if (queue?.length === 0) waiting.delete(host);
}

function spendBudget(host: string, budget: GatewayBudget, client: string | undefined): void {
  if (client) {
    const wait = perClient.take(client, budget.perClientPerMinute);
    if (wait > 0)
      throw new CcipGatewayError(
        "client-budget",
        host,
        `This client has made its ${budget.perClientPerMinute} CCIP-Read gateway requests of the minute; ` +
          `retry in ${wait} s.`,
        undefined,
        wait,
      );
  }
  const wait = perGateway.take(host, budget.perGatewayPerMinute);
  if (wait > 0)
    throw new CcipGatewayError(
      "gateway-budget",
      host,
      `The gateway ${host} has been asked ${budget.perGatewayPerMinute} times this minute; it is not asked ` +
        `more until the minute ends (in ${wait} s).`,
      undefined,
      wait,
    );
}

export interface GatewayRequestParameters {
  data: Hex;
  sender: Address;
  urls: readonly string[];
  timeout?: number;
  requestOptions?: { signal?: AbortSignal };
}

/** viem's `ccipRead.request`: each URL in order until one answers hex data. */
export function gatewayRequester(options: { allowNonPublic: boolean; budget?: GatewayBudget }) {
  return async function request(parameters: GatewayRequestParameters): Promise<Hex> {
    let failure: CcipGatewayError | undefined;
    for (const url of parameters.urls) {
      try {
        return await askGateway(url, parameters, options.allowNonPublic, options.budget);
      } catch (error) {
        if (!(error instanceof CcipGatewayError)) throw error;
        // A spent client budget holds for every URL; a 4xx stops EIP-3668 clients.
        if (error.kind === "client-budget") throw error;
        if (error.kind === "status" && error.status! >= 400 && error.status! < 500) throw error;
        failure = error;
      }
    }
    throw failure ?? new CcipGatewayError("malformed", "?", "The resolver named no gateway URL.");
  };
}

async function askGateway(
  template: string,
  parameters: GatewayRequestParameters,
  allowNonPublic: boolean,
  budget: GatewayBudget | undefined,
) {
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

  const traffic = gatewayTraffic.getStore();
  if (budget) spendBudget(host, budget, traffic?.client);
  countOutbound("gateway");
  const pending = traffic?.pending;
  pending?.add(host);
  if (traffic) traffic.asked = true;
  const post = !template.includes("{data}");
  const body = post ? JSON.stringify({ data: parameters.data, sender: parameters.sender }) : undefined;
  const signals = [
    parameters.requestOptions?.signal,
    parameters.timeout ? AbortSignal.timeout(parameters.timeout) : null,
  ];
  const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => Boolean(s)));
  let timedOut = false;
  let acquired = false;
  try {
    await acquire(host, signal);
    acquired = true;
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
    if (acquired) release(host);
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
