import "server-only";
import type { ApiError } from "@/lib/contract/errors";

// Refusals that may be kept, with the tags they were computed from (see keepRefusal()).
const refusalTags = new WeakMap<ApiError, readonly string[]>();

/**
 * A 404 that is cached like an answer: it holds until one of `tags` is invalidated (the name gets
 * registered). Thrown from inside cachedRead's producer (ApiErrors carry no stack, so a kept one
 * holds no request's frames alive).
 */
export function keepRefusal(make: () => ApiError, tags: readonly string[]): ApiError {
  const error = make();
  refusalTags.set(error, tags);
  return error;
}

/** The tags a kept refusal was computed from, or undefined for an error not to keep. */
export function keptRefusalTags(error: ApiError): readonly string[] | undefined {
  return refusalTags.get(error);
}
