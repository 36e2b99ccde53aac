import "server-only";
import type { ApiError } from "@/lib/contract/errors";

// Refusals that may be kept, with the tags they were computed from (see keepRefusal()). The tags
// ride on the error itself: a WeakMap entry per refusal cost a unique name's 404 about 1 µs more,
// and the collector an ephemeron to trace for each.
const KEPT_TAGS = Symbol("namesvc.kept-refusal-tags");

type KeptRefusal = ApiError & { [KEPT_TAGS]?: readonly string[] };

/**
 * A 404 that is cached like an answer: it holds until one of `tags` is invalidated (the name gets
 * registered). Returned (or thrown) by cachedRead's producer (ApiErrors carry no stack, so a kept
 * one holds no request's frames alive).
 */
export function keepRefusal(make: () => ApiError, tags: readonly string[]): ApiError {
  const error: KeptRefusal = make();
  error[KEPT_TAGS] = tags;
  return error;
}

/** The tags a kept refusal was computed from, or undefined for anything else thrown. */
export function keptRefusalTags(error: unknown): readonly string[] | undefined {
  return typeof error === "object" && error !== null ? (error as KeptRefusal)[KEPT_TAGS] : undefined;
}
