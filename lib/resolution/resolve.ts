import "server-only";
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { keepRefusal } from "@/lib/api/response-cache";
import type { Coin, NameService } from "@/lib/api/schemas/common";
import type { z } from "zod";
import type { BatchResolveItem, ResolveResult } from "@/lib/api/schemas/resolve";
import { isEvmAddress } from "@/lib/names/coins";
import { InvalidNameError, normalizeIcannName, normalizeWeb3Name, tldOf } from "@/lib/names/normalize";
import { ENS_TLDS, UD_TLDS, hasIcannSuffix } from "@/lib/names/tlds";
import { nativeTlds } from "@/lib/registry/native-tlds";
import { externalProvider, findExternalProvider } from "./external";
import { nativeProvider } from "./native";
import type { ResolutionProvider } from "./types";

// Which name service answers, and in which normalized form it gets the name. An explicit
// `nameservice` wins; otherwise the TLD decides: native TLDs (the tld table), `.eth` → ens, the
// TLDs of Unstoppable Domains → ud, an ICANN suffix of the public suffix list → icann.

export interface ResolveOptions {
  nameservice?: NameService;
  coins?: readonly Coin[];
  signal?: AbortSignal;
}

export async function inferNameService(name: string): Promise<NameService> {
  const tld = tldOf(name);
  if ((await nativeTlds()).has(tld)) return "native";
  if (ENS_TLDS.has(tld)) return "ens";
  if (UD_TLDS.has(tld)) return "ud";
  if (hasIcannSuffix(name.trim().replace(/\.$/, "").toLowerCase())) return "icann";
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

async function providerOf(service: NameService): Promise<ResolutionProvider> {
  return service === "native" ? nativeProvider : externalProvider(service);
}

/** Endpoint 1: forward resolution of one name. */
export async function resolveName(domain: string, options: ResolveOptions = {}): Promise<ResolveResult> {
  const service = options.nameservice ?? (await inferNameService(domain));
  const name = normalizeFor(service, domain);
  const provider = await providerOf(service);
  const result = await provider.forward(name, { coins: options.coins, signal: options.signal });
  if (result) return result;
  const missing = () => notFound("domain", `${name} is not registered with ${service}.`);
  // A native name nobody holds stays unknown until a write says otherwise: keep the refusal like an answer.
  throw service === "native" ? keepRefusal(missing, [`name:${name}`]) : missing();
}

const REVERSE_ORDER: NameService[] = ["native", "ens", "ud"];

/**
 * Endpoint 2: the verified name of an address. With `nameservice`, only that service is asked;
 * without it, native, then ENS, then UD (those configured), and the first name found wins.
 */
export async function reverseAddress(
  address: string,
  options: Pick<ResolveOptions, "nameservice" | "signal"> = {},
): Promise<ResolveResult> {
  const trimmed = address.trim();
  if (options.nameservice) {
    if (options.nameservice !== "icann" && !isEvmAddress(trimmed)) throw invalidEvmAddress();
    const provider = await providerOf(options.nameservice);
    const result = await provider.reverse(trimmed, { signal: options.signal });
    if (!result) throw notFound("address", `${trimmed} has no verified ${options.nameservice} name.`);
    return result;
  }
  if (!isEvmAddress(trimmed)) throw invalidEvmAddress();
  for (const service of REVERSE_ORDER) {
    const provider = service === "native" ? nativeProvider : findExternalProvider(service);
    const result = await provider?.reverse(trimmed, { signal: options.signal });
    if (result) return result;
  }
  throw notFound("address", `${trimmed} has no verified name.`);
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
          console.error(`[resolve] batch item ${JSON.stringify(name)} failed:`, error);
          results[index] = { name, status: 500, error: { field: "names", info: "Internal server error." } };
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, names.length) }, worker));
  return results;
}
