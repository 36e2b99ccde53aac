import "server-only";
import {
  BaseError,
  HttpRequestError,
  LimitExceededRpcError,
  TimeoutError,
  createPublicClient,
  decodeErrorResult,
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
import { ApiError } from "@/lib/contract/errors";
import { badSourceAnswer, sourceUnavailable } from "@/lib/resolution/with-timeout";
import { CcipGatewayError, gatewayRequester, type GatewayBudget } from "./ccip-gateway";
import { countOutbound } from "../outbound-meter";

// JSON-RPC reads shared by the ENS and UD providers. Calls made in the same tick travel in one
// JSON-RPC batch, so one name costs one round trip per dependent step. A call that reverts (or
// hits an address without code) is an absent record; the transport failing is an error, and so
// is a CCIP-Read (EIP-3668) lookup that fails: its gateway erred, or the resolver refused the
// gateway's answer (a failed signature check), which must not read as "no record".

export interface RpcClientOptions {
  /** Let CCIP-Read gateways on loopback or private addresses be asked (tests, private networks). */
  allowNonPublicGateways?: boolean;
  /** Bounds on gateway requests per host and per client; unbounded when absent. */
  gatewayBudget?: GatewayBudget;
}

export function createRpcClient(rpcUrl: string, timeoutMs: number, options: RpcClientOptions = {}): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize: 200, wait: 0 }, timeout: timeoutMs, retryCount: 0 }),
    ccipRead: {
      request: gatewayRequester({
        allowNonPublic: options.allowNonPublicGateways ?? false,
        budget: options.gatewayBudget,
      }),
    },
  });
}

export type CallOutcome<T> = { ok: true; value: T } | { ok: false };

function isTransportFailure(error: unknown): boolean {
  if (error instanceof ApiError) return true;
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof TimeoutError ||
        e instanceof LimitExceededRpcError ||
        isOffchainLookup(e),
    ),
  );
}

// viem does not export the class; its name is part of its documented error types.
const isOffchainLookup = (e: unknown) => (e as Error | null)?.name === "OffchainLookupError";

/** The revert reason of a failed call (`Error(string)`), when it has one. */
function revertReason(error: BaseError): string | null {
  const deepest = error.walk() as { data?: unknown } | null;
  const data = typeof deepest?.data === "object" ? (deepest.data as { data?: unknown })?.data : deepest?.data;
  if (typeof data !== "string" || !data.startsWith("0x08c379a0")) return null;
  try {
    const { args } = decodeErrorResult({ abi: [ERROR_STRING], data: data as Hex });
    return String(args[0]).slice(0, 200);
  } catch {
    return null;
  }
}

const ERROR_STRING = { type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] } as const;

/**
 * The ApiError a failed read becomes: 504 timed out, 503 unreachable or rate limited, 502 otherwise.
 * A CCIP-Read gateway is the name owner's server, not ours: its failures are 502 (504 when it is
 * silent), and so is an answer the resolver's callback refuses.
 */
export function rpcFailure(error: unknown, field: string, source: string): ApiError {
  if (error instanceof ApiError) return error;
  const refused = refusalIn(error);
  if (refused) return refused;
  if (error instanceof BaseError) {
    const gateway = error.walk((e) => e instanceof CcipGatewayError) as CcipGatewayError | null;
    if (gateway?.retryAfterSeconds !== undefined) {
      const status = gateway.kind === "client-budget" ? 429 : 503;
      return new ApiError(status, field, gateway.shortMessage, { "Retry-After": String(gateway.retryAfterSeconds) });
    }
    if (gateway) return new ApiError(gateway.kind === "timeout" ? 504 : 502, field, gateway.shortMessage);
    const lookup = error.walk(isOffchainLookup);
    const transport = error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
    if (lookup && !transport) {
      const reason = revertReason(error);
      return badSourceAnswer(
        field,
        `The resolver refused the answer of its CCIP-Read gateway${reason ? ` (${reason})` : ""}; the name ` +
          "cannot be trusted.",
      );
    }
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

/** Our own refusal (the caller's outbound budget is spent) inside an error viem wrapped. */
function refusalIn(error: unknown): ApiError | null {
  return error instanceof BaseError ? (error.walk((e) => e instanceof ApiError) as ApiError | null) : null;
}

/** Raw eth_call (with CCIP-Read): the returned data, or not ok when the call reverts. */
export async function rawCall(client: PublicClient, to: Address, data: Hex): Promise<CallOutcome<Hex>> {
  countOutbound("rpc");
  try {
    const result = await client.call({ to, data });
    if (!result.data || result.data === "0x") return { ok: false };
    return { ok: true, value: result.data };
  } catch (error) {
    if (isTransportFailure(error) || refusalIn(error)) throw error;
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
