import "server-only";
import { ApiError, badRequest, notFound } from "@/lib/contract/errors";
import { keepRefusal } from "@/lib/resolution/kept-refusals";
import type { Coin, NameService } from "@/lib/contract/schemas/common";
import type { z } from "zod";
import type { BatchResolveItem, ResolveResult } from "@/lib/contract/schemas/resolve";
import { isEvmAddress } from "@/lib/names/coins";
import {
  containsWhitespace,
  InvalidNameError,
  normalizeIcannName,
  normalizeWeb3Name,
  tldOf,
} from "@/lib/names/normalize";
import { ENS_TLDS, UD_TLDS, hasIcannSuffix } from "@/lib/names/tlds";
import { nativeTlds } from "@/lib/resolution/native-tlds";
import { externalProvider, findExternalProvider } from "./external";
import { servedEnsRecords } from "@/lib/resolution/served-names";
import { nativeProvider, toResolveResult } from "./native";
import { reverseChainNames, reverseCoinTypeOf } from "./providers/coin-types-helpers";
import type { ResolutionProvider } from "./types";
import { errorText, logger } from "@/lib/log";

// Which name service answers, and in which normalized form it gets the name. An explicit
// `nameservice` wins; otherwise the TLD decides: native TLDs (the tld table), `.eth` → ens, the
// TLDs of Unstoppable Domains → ud, an ICANN suffix of the public suffix list → icann.

export interface ResolveOptions {
  nameservice?: NameService;
  coins?: readonly Coin[];
  signal?: AbortSignal;
  /** The client address asking: what it makes us ask of CCIP-Read gateways is bounded per client. */
  client?: string;
}

// At once when the native TLDs are known (every miss asks): no promise and no turn of waiting.
function inferNameService(name: string): NameService | Promise<NameService> {
  // Said before the TLD is judged: "alice.web3 " would otherwise read as an unknown TLD.
  if (containsWhitespace(name))
    throw badRequest(
      "domain",
      "The name contains whitespace, which no name may hold (ENSIP-15, UTS-46): send the name alone.",
    );
  const tld = tldOf(name);
  const tlds = nativeTlds();
  return tlds instanceof Promise ? tlds.then((known) => serviceOfTld(name, tld, known)) : serviceOfTld(name, tld, tlds);
}

function serviceOfTld(name: string, tld: string, native: ReadonlySet<string>): NameService {
  if (native.has(tld)) return "native";
  if (ENS_TLDS.has(tld)) return "ens";
  if (UD_TLDS.has(tld)) return "ud";
  if (hasIcannSuffix(name.replace(/\.$/, "").toLowerCase())) return "icann";
  throw badRequest("domain", `The TLD .${tld} is not supported; pass nameservice to choose a name service.`);
}

/** The name as `service` reads it: ENSIP-15 for web3 services, UTS-46 (ASCII) for ICANN. */
export function normalizeFor(service: NameService, name: string): string {
  try {
    return service === "icann" ? normalizeIcannName(name).ascii : normalizeWeb3Name(name);
  } catch (error) {
    if (error instanceof InvalidNameError) throw badRequest("domain", error.message);
    throw error;
  }
}

function providerOf(service: NameService): ResolutionProvider {
  return service === "native" ? nativeProvider : externalProvider(service);
}

/** Endpoint 1: forward resolution of one name; a refusal is thrown (see resolveOrRefuse). */
export function resolveName(domain: string, options: ResolveOptions = {}): ResolveResult | Promise<ResolveResult> {
  const answer = resolveOrRefuse(domain, options);
  return answer instanceof Promise ? answer.then(unlessRefused) : unlessRefused(answer);
}

/**
 * Endpoint 1 as the endpoint answers it: the result, or the refusal of a native name nobody holds
 * returned rather than thrown (the answer most misses get: lib/http/handler.ts's Answer); other
 * refusals are thrown. At once when no waiting is needed: a native name whose records are kept,
 * or one the registry never held (lib/resolution/native-records.ts); otherwise a promise.
 */
export function resolveOrRefuse(
  domain: string,
  options: ResolveOptions = {},
): ResolveResult | ApiError | Promise<ResolveResult | ApiError> {
  const inferred = options.nameservice ?? inferNameService(domain);
  return typeof inferred === "string"
    ? resolveWith(inferred, domain, options)
    : inferred.then((service) => resolveWith(service, domain, options));
}

function unlessRefused(answer: ResolveResult | ApiError): ResolveResult {
  if (answer instanceof ApiError) throw answer;
  return answer;
}

function resolveWith(service: NameService, domain: string, options: ResolveOptions) {
  const name = normalizeFor(service, domain);
  // A sub-name of an ENS parent we hold is answered from the registry, as our gateway signs it.
  if (service === "ens") return resolveEns(name, options);
  // The options as they are: a provider reads the signal and client only for a lookup elsewhere.
  const found = providerOf(service).forward(name, options);
  return found instanceof Promise
    ? found.then((result) => foundOrRefusal(result, service, name))
    : foundOrRefusal(found, service, name);
}

async function resolveEns(name: string, options: ResolveOptions): Promise<ResolveResult | ApiError> {
  const served = await servedEnsRecords(name);
  if (served) {
    if (!served.records) throw notFound("domain", `${name} is not registered with ens.`);
    return { ...toResolveResult(served.records, options.coins), nameService: "ens" };
  }
  return foundOrRefusal(await externalProvider("ens").forward(name, options), "ens", name);
}

function foundOrRefusal(result: ResolveResult | null, service: NameService, name: string): ResolveResult | ApiError {
  if (result) return result;
  const missing = () => notFound("domain", `${name} is not registered with ${service}.`);
  // A native name nobody holds stays unknown until a write says otherwise: keep the refusal like an
  // answer, and return it (the miss most often asked); another service's refusal is thrown.
  if (service === "native") return keepRefusal(missing, [`name:${name}`]);
  throw missing();
}

const REVERSE_ORDER: NameService[] = ["native", "ens", "ud"];

export interface ReverseRequest extends Pick<ResolveOptions, "nameservice" | "signal" | "client"> {
  /** The EVM chain whose primary name is asked (ENSIP-19): BASE, OPTIMISM, MATIC… */
  coins?: string;
}

/**
 * Endpoint 2: the verified name of an address. With `nameservice`, only that service is asked;
 * without it, native, then ENS, then UD (those configured), and the first name found wins. With
 * `coins` naming a chain, the ENS primary name on that chain (ENSIP-19): only ENS defines one.
 * The address is judged as sent: surrounding spaces make it invalid.
 */
export async function reverseAddress(address: string, options: ReverseRequest = {}): Promise<ResolveResult> {
  // The signal and client are read where a lookup elsewhere needs them, not before (cached-lookups.ts).
  const { nameservice } = options;
  if (nameservice !== "icann" && !isEvmAddress(address)) throw invalidEvmAddress();
  if (options.coins !== undefined) {
    if (nameservice !== undefined && nameservice !== "ens")
      throw badRequest("coins", "coins chooses a chain's ENS primary name (ENSIP-19): use it with nameservice=ens.");
    const coinType = reverseCoinTypeOf(options.coins);
    if (coinType === undefined)
      throw badRequest(
        "coins",
        `coins must name one EVM chain, by network (${reverseChainNames().slice(1).join(", ")}) ` +
          "or by its own coin (ETH, MATIC…).",
      );
    const result = await externalProvider("ens").reverse(address, {
      coinType,
      signal: options.signal,
      client: options.client,
    });
    if (!result) throw notFound("address", `${address} has no verified ENS primary name on ${options.coins}.`);
    return result;
  }
  if (nameservice) {
    const provider = providerOf(nameservice);
    const result = await provider.reverse(address, options);
    if (!result) throw notFound("address", `${address} has no verified ${nameservice} name.`);
    return result;
  }
  for (const service of REVERSE_ORDER) {
    const provider = service === "native" ? nativeProvider : findExternalProvider(service);
    const result = await provider?.reverse(address, options);
    if (result) return result;
  }
  throw notFound("address", `${address} has no verified name.`);
}

function invalidEvmAddress(): ApiError {
  return badRequest("address", "address must be a 0x-prefixed 20-byte hex address.");
}

const BATCH_CONCURRENCY = 8;

type BatchItem = z.infer<typeof BatchResolveItem>;

/** Our batch endpoint: each name is answered on its own, as endpoint 1 would answer it. */
export async function resolveNames(names: readonly string[], options: ResolveOptions = {}): Promise<BatchItem[]> {
  const results: BatchItem[] = new Array(names.length);
  let next = 0;
  async function worker() {
    while (next < names.length) {
      const index = next++;
      const name = names[index];
      try {
        results[index] = { name, status: 200, result: await resolveName(name, options) };
      } catch (error) {
        if (error instanceof ApiError) results[index] = { name, status: error.status, error: error.items[0] };
        else {
          logger("resolve").error(`batch item ${JSON.stringify(name)} failed: ${errorText(error)}`);
          results[index] = { name, status: 500, error: { field: "names", info: "Internal server error." } };
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, names.length) }, worker));
  return results;
}
