import "server-only";
import { ApiError } from "@/lib/contract/errors";

// Every read of an outside source runs under a deadline: a dead or slow source becomes a clear
// 504 (or 503/502 from the provider's own classification), never a hanging request.

export interface DeadlineOptions {
  /** What is being asked, for the message: "Ethereum JSON-RPC", "DNS server 10.0.0.1:53". */
  source: string;
  /** The request field the error names, e.g. "nameservice" or "domain". */
  field: string;
  timeoutMs: number;
  /** The caller's own signal; its abort ends the wait with its reason. */
  signal?: AbortSignal;
}

export async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, options: DeadlineOptions): Promise<T> {
  const controller = new AbortController();
  const timedOut = new ApiError(504, options.field, `${options.source} did not answer within ${options.timeoutMs} ms.`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timedOut);
      reject(timedOut);
    }, options.timeoutMs);
  });
  const outer = options.signal;
  let onOuterAbort: (() => void) | undefined;
  const outerAborted = new Promise<never>((_, reject) => {
    if (!outer) return;
    onOuterAbort = () => {
      controller.abort(outer.reason);
      reject(outer.reason);
    };
    if (outer.aborted) onOuterAbort();
    else outer.addEventListener("abort", onOuterAbort, { once: true });
  });
  try {
    return await Promise.race([work(controller.signal), deadline, outerAborted]);
  } finally {
    clearTimeout(timer);
    if (onOuterAbort) outer?.removeEventListener("abort", onOuterAbort);
    deadline.catch(() => undefined);
    outerAborted.catch(() => undefined);
  }
}

export const sourceUnavailable = (field: string, info: string) => new ApiError(503, field, info);
export const badSourceAnswer = (field: string, info: string) => new ApiError(502, field, info);
