import "server-only";
import { respond, type Answer } from "@/lib/http/handler";
import { cachedRead, type Cacheable } from "@/lib/http/response-cache";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import { ApiError } from "@/lib/contract/errors";
import { resolveOrRefuse, reverseAddress, type ResolveOptions, type ReverseRequest } from "@/lib/resolution/resolve";

// Forward and reverse resolution as cached responses: the partner API (endpoints 1, 2) and the
// pages' anonymous lookups (/api/lookup) answer the same bytes from the same cache entries.
// Native answers are cached until the name or address changes; other services keep their own
// TTL caches. What only an outbound lookup needs (the request's signal and client address) is
// asked of `asking` when a lookup first reads it: a warm read, and a miss of a native name (read
// from our own registry), pay for no AbortController, no close listener on the request and no
// address parse.

type Asking = () => Pick<ResolveOptions, "signal" | "client">;

/**
 * A lookup's options whose signal and client are asked of `asking` when first read. A class, so
 * that the getters live on its prototype: an object literal with getters costs each request a
 * map of its own and two accessor pairs (and held misses' memory longer in a measured run).
 */
class LazyAsking {
  #asking: Asking | undefined;
  #asked: ReturnType<Asking> | undefined;

  constructor(asking: Asking) {
    this.#asking = asking;
  }

  get signal(): AbortSignal | undefined {
    return this.#ask().signal;
  }

  get client(): string | undefined {
    return this.#ask().client;
  }

  #ask(): ReturnType<Asking> {
    if (this.#asked === undefined) {
      this.#asked = this.#asking!();
      this.#asking = undefined;
    }
    return this.#asked;
  }
}

/** The query, with the request's signal and client asked of `asking` when a lookup first reads one. */
function lookupOptions<Q extends object>(query: Q, asking: Asking): Q & Pick<ResolveOptions, "signal" | "client"> {
  return Object.assign(new LazyAsking(asking), query);
}

export function cachedResolve(
  domain: string,
  query: Pick<ResolveOptions, "nameservice" | "coins">,
  asking: Asking,
): Answer | Promise<Answer> {
  return cachedRead(`resolve|${domain}|${query.nameservice ?? ""}|${query.coins?.join(",") ?? ""}`, () => {
    // At once when the answer is (resolveOrRefuse): the miss is answered in the turn it arrived.
    const result = resolveOrRefuse(domain, lookupOptions(query, asking));
    return result instanceof Promise ? result.then(resolvedAnswer) : resolvedAnswer(result);
  });
}

function resolvedAnswer(result: ResolveResult | ApiError): Cacheable | ApiError {
  if (result instanceof ApiError) return result;
  return {
    response: respond(ResolveResult, result),
    tags: result.nameService === "native" ? [`name:${result.domain}`] : null,
  };
}

export function cachedReverse(
  address: string,
  query: Pick<ReverseRequest, "nameservice" | "coins">,
  asking: Asking,
): Answer | Promise<Answer> {
  return cachedRead(`reverse|${address.toLowerCase()}|${query.nameservice ?? ""}|${query.coins ?? ""}`, async () => {
    const result = await reverseAddress(address, lookupOptions(query, asking));
    const tags = result.nameService === "native" ? [`address:${address.toLowerCase()}`, `name:${result.domain}`] : null;
    return { response: respond(ResolveResult, result), tags };
  });
}
