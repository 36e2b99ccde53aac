import "server-only";
import {
  BaseError,
  HttpRequestError,
  LimitExceededRpcError,
  TimeoutError,
  createPublicClient,
  decodeFunctionResult,
  encodeFunctionData,
  http,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type DecodeFunctionResultReturnType,
  type Hex,
  type PublicClient,
} from "viem";
import { ApiError } from "@/lib/api/errors";
import { badSourceAnswer, sourceUnavailable } from "@/lib/resolution/with-timeout";

// JSON-RPC reads shared by the ENS and UD providers. Calls made in the same tick travel in one
// JSON-RPC batch, so one name costs one round trip per dependent step. A call that reverts (or
// hits an address without code) is an absent record; only the transport failing is an error.

export function createRpcClient(rpcUrl: string, timeoutMs: number): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize: 200, wait: 0 }, timeout: timeoutMs, retryCount: 0 }),
  });
}

export type CallOutcome<T> = { ok: true; value: T } | { ok: false };

function isTransportFailure(error: unknown): boolean {
  if (error instanceof ApiError) return true;
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof LimitExceededRpcError),
  );
}

/** The ApiError a failed read becomes: 504 timed out, 503 unreachable or rate limited, 502 otherwise. */
export function rpcFailure(error: unknown, field: string, source: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof TimeoutError))
      return new ApiError(504, field, `${source} did not answer in time.`);
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (http && http.status === undefined) return sourceUnavailable(field, `${source} is unreachable.`);
    if (error.walk((e) => e instanceof LimitExceededRpcError) || http?.status === 429) {
      return sourceUnavailable(field, `${source} is rate limiting requests.`);
    }
    if (http) return badSourceAnswer(field, `${source} answered HTTP ${http.status}.`);
  }
  return badSourceAnswer(field, `${source} gave an answer that could not be read.`);
}

/** Raw eth_call (with CCIP-Read): the returned data, or not ok when the call reverts. */
export async function rawCall(client: PublicClient, to: Address, data: Hex): Promise<CallOutcome<Hex>> {
  try {
    const result = await client.call({ to, data });
    if (!result.data || result.data === "0x") return { ok: false };
    return { ok: true, value: result.data };
  } catch (error) {
    if (isTransportFailure(error)) throw error;
    return { ok: false };
  }
}

export function decodeOr<const abi extends Abi, name extends ContractFunctionName<abi>>(
  abi: abi,
  functionName: name,
  data: Hex,
): CallOutcome<DecodeFunctionResultReturnType<abi, name>> {
  try {
    return {
      ok: true,
      value: decodeFunctionResult({ abi, functionName, data } as never) as DecodeFunctionResultReturnType<abi, name>,
    };
  } catch {
    return { ok: false };
  }
}

/** A typed view call: decoded value, or not ok when it reverts or returns nothing readable. */
export async function readView<const abi extends Abi, name extends ContractFunctionName<abi, "view" | "pure">>(
  client: PublicClient,
  to: Address,
  abi: abi,
  functionName: name,
  args: ContractFunctionArgs<abi, "view" | "pure", name>,
): Promise<CallOutcome<DecodeFunctionResultReturnType<abi, name>>> {
  const data = encodeFunctionData({ abi, functionName, args } as never);
  const outcome = await rawCall(client, to, data);
  return outcome.ok ? decodeOr(abi, functionName, outcome.value) : outcome;
}
