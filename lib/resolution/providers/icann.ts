import "server-only";
import { getServers } from "node:dns";
import { domainToASCII } from "node:url";
import { ApiError } from "@/lib/contract/errors";
import type { Coin } from "@/lib/contract/schemas/common";
import type { DnsRecord, ResolveResult, WalletData } from "@/lib/contract/schemas/resolve";
import type { Config } from "@/lib/config";
import { isCoinCode } from "@/lib/names/coin-codes";
import { TtlCache } from "@/lib/resolution/cache";
import type { ForwardOptions, ResolutionProvider, ReverseOptions } from "@/lib/resolution/types";
import { badSourceAnswer, sourceUnavailable, withTimeout } from "@/lib/resolution/with-timeout";
import { ipfsUri } from "./content-hash-helpers";
import {
  MalformedDnsAnswer,
  parseDnsServer,
  queryDns,
  RCODE_NXDOMAIN,
  type DnsAnswer,
  type DnsResponse,
  type DnsServer,
  type RecordTypeName,
} from "./dns-wire-helpers";

// ICANN names read from DNS: A, AAAA, CNAME, MX, NS and TXT with their TTLs; wallets from
// OpenAlias TXT records (`oa1:<ticker> recipient_address=…;`, version NATIVE: OpenAlias names no
// network); the content hash from DNSLink (`_dnslink.<name>` TXT `dnslink=/ipfs/…`, else the
// name's own TXT; several different links count as none). Names arrive UTS-46 processed, in
// Unicode or ASCII (A-label) form; DNS is asked in the ASCII form and the answer names the name as
// given. Answers are cached for their smallest TTL.

const FIELD = "nameservice";
const QUERIED: readonly RecordTypeName[] = ["A", "AAAA", "CNAME", "MX", "NS", "TXT"];
const NEGATIVE_TTL_SECONDS = 60;
const MAX_TTL_SECONDS = 86_400;
const RCODE_LABELS: Record<number, string> = { 1: "FORMERR", 2: "SERVFAIL", 4: "NOTIMP", 5: "REFUSED" };

const ICANN_REVERSE_UNDEFINED =
  "Reverse resolution is not defined for ICANN names; ask with nameservice ens, ud or native.";

export interface IcannProviderOptions {
  /** host[:port] of each resolver, tried in order; the system's resolvers when absent. */
  servers?: readonly string[];
  timeoutMs?: number;
  staleSeconds?: number;
  cacheMaxEntries?: number;
}

/** `oa1:btc recipient_address=bc1…; recipient_name=Alice;` as a wallet, or null. */
export function parseOpenAlias(txt: string): WalletData | null {
  const match = /^oa1:([a-z0-9]+)\s+(.*)$/i.exec(txt.trim());
  if (!match) return null;
  const ticker = match[1]!.toUpperCase();
  const fields = new Map<string, string>();
  for (const part of match[2]!.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const address = fields.get("recipient_address");
  if (!address || !isCoinCode(ticker)) return null;
  return { coin: ticker, version: "NATIVE", address };
}

/** The one DNSLink among TXT values as a URI; "" for none or for conflicting links. */
export function dnslinkUri(txts: readonly string[]): string {
  const links = new Set(
    txts.map((t) => /^dnslink=(\/(?:ipfs|ipns)\/\S+)$/.exec(t.trim())?.[1]).filter((l): l is string => Boolean(l)),
  );
  return links.size === 1 ? ipfsUri([...links][0]!) : "";
}

export class IcannProvider implements ResolutionProvider {
  readonly nameService = "icann" as const;
  private readonly servers: DnsServer[] | null;
  private readonly timeoutMs: number;
  private readonly cache: TtlCache<ResolveResult | null>;

  constructor(options: IcannProviderOptions = {}) {
    this.servers = options.servers?.length ? options.servers.map(parseDnsServer) : null;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.cache = new TtlCache({
      maxEntries: options.cacheMaxEntries ?? 10_000,
      staleMs: (options.staleSeconds ?? 300) * 1000,
    });
  }

  forward(name: string, options: ForwardOptions): Promise<ResolveResult | null> {
    const ascii = domainToASCII(name).replace(/\.$/, "");
    if (!ascii) return Promise.reject(new ApiError(400, "domain", `"${name}" is not a valid domain name.`));
    const key = `f:${ascii}|${options.coins?.length ? [...options.coins].sort().join(",") : "*"}`;
    return this.cache.get(
      key,
      () =>
        withTimeout((signal) => this.readName(name, ascii, options.coins, signal), {
          source: this.sourceLabel(),
          field: FIELD,
          timeoutMs: this.timeoutMs,
        }),
      options.signal,
    );
  }

  reverse(_address: string, _options: ReverseOptions): Promise<ResolveResult | null> {
    return Promise.reject(new ApiError(404, "nameservice", ICANN_REVERSE_UNDEFINED));
  }

  private sourceLabel(): string {
    const servers = this.resolvers();
    return servers.length === 1 ? `The DNS server ${servers[0]!.host}:${servers[0]!.port}` : "The DNS servers";
  }

  private resolvers(): DnsServer[] {
    return this.servers ?? getServers().map(parseDnsServer);
  }

  /** Asks the servers in order; the next one only when a server cannot be reached. */
  private async ask(name: string, type: RecordTypeName, signal: AbortSignal): Promise<DnsResponse> {
    const servers = this.resolvers();
    if (servers.length === 0) throw sourceUnavailable(FIELD, "No DNS server is configured: set DNS_SERVERS.");
    let lastError: unknown;
    // Each server gets its share of the deadline, so a silent first one leaves time for the next.
    const attemptMs = Math.max(100, Math.floor(this.timeoutMs / servers.length));
    for (const server of servers) {
      try {
        const response = await queryDns(server, name, type, AbortSignal.any([signal, AbortSignal.timeout(attemptMs)]));
        if (response.rcode !== 0 && response.rcode !== RCODE_NXDOMAIN) {
          throw badSourceAnswer(
            FIELD,
            `The DNS server ${server.host}:${server.port} answered ` +
              `${RCODE_LABELS[response.rcode] ?? `rcode ${response.rcode}`} for ${type} ${name}.`,
          );
        }
        return response;
      } catch (error) {
        if (signal.aborted || error instanceof ApiError) throw error;
        if (error instanceof MalformedDnsAnswer)
          throw badSourceAnswer(
            FIELD,
            `The DNS server ${server.host}:${server.port} sent an answer that cannot be read (${error.message}).`,
          );
        lastError = error;
      }
    }
    if ((lastError as Error | undefined)?.name === "TimeoutError") {
      throw new ApiError(504, FIELD, `${this.sourceLabel()} did not answer within ${this.timeoutMs} ms.`);
    }
    throw sourceUnavailable(
      FIELD,
      `No DNS server could be reached (${(lastError as Error | undefined)?.message ?? "no answer"}).`,
    );
  }

  private async readName(name: string, ascii: string, coins: readonly Coin[] | undefined, signal: AbortSignal) {
    const [responses, dnslink] = await Promise.all([
      Promise.all(QUERIED.map((type) => this.ask(ascii, type, signal))),
      this.ask(`_dnslink.${ascii}`, "TXT", signal),
    ]);
    if (responses.every((r) => r.rcode === RCODE_NXDOMAIN)) {
      return { value: null, ttlMs: (responses[0]!.negativeTtl ?? NEGATIVE_TTL_SECONDS) * 1000 };
    }
    const seen = new Set<string>();
    const dnsRecords: DnsRecord[] = [];
    for (const answer of responses.flatMap((r) => r.answers)) {
      const key = `${answer.name}|${answer.type}|${answer.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      dnsRecords.push({ name: answer.name, type: answer.type, ttl: answer.ttl, value: answer.value });
    }
    const ownTxt = (answers: DnsAnswer[], owner: string) =>
      answers.filter((a) => a.type === "TXT" && a.name.toLowerCase() === owner.toLowerCase()).map((a) => a.value);
    const txts = ownTxt(dnsRecords as DnsAnswer[], ascii);
    const wanted = coins?.length ? new Set<string>(coins) : null;
    const wallets = txts
      .map(parseOpenAlias)
      .filter((w): w is WalletData => w !== null && (!wanted || wanted.has(w.coin)));
    const linkTxts = ownTxt(dnslink.answers, `_dnslink.${ascii}`);
    const contentHash = dnslinkUri(linkTxts) || dnslinkUri(txts);

    const ttls = [...dnsRecords, ...dnslink.answers].map((r) => r.ttl);
    const ttlSeconds =
      ttls.length > 0
        ? Math.min(...ttls)
        : (responses.find((r) => r.negativeTtl !== undefined)?.negativeTtl ?? NEGATIVE_TTL_SECONDS);
    const result: ResolveResult = {
      domain: name,
      nameService: "icann",
      ownerAddress: "",
      wallets,
      txtRecords: [],
      contentHash,
      dnsRecords,
    };
    return { value: result, ttlMs: Math.min(ttlSeconds, MAX_TTL_SECONDS) * 1000 };
  }
}

/** The ICANN provider from configuration; it always exists (the system's resolvers by default). */
export function icannProviderFromConfig(cfg: Config): IcannProvider {
  const servers = cfg.DNS_SERVERS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return new IcannProvider({ servers, timeoutMs: cfg.RESOLUTION_TIMEOUT_MS });
}
