import type { Coin, NameService } from "@/lib/contract/schemas/common";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";

export interface ForwardOptions {
  /** Only these coins' wallets; all known coins when absent. */
  coins?: readonly Coin[];
  signal?: AbortSignal;
  /** Who asks (client address): what it makes us ask of others' servers is bounded per client. */
  client?: string;
}

export interface ReverseOptions {
  /** The chain whose primary name is asked (ENSIP-19 coin type); Ethereum's when absent. */
  coinType?: number;
  signal?: AbortSignal;
  client?: string;
}

/**
 * One name service's reader. `forward` takes a name already normalized for that service and
 * returns null when the name does not exist, at once when it knows without waiting (the native
 * registry's kept answers); `reverse` returns null when the address has no verified name.
 * Failures of the source are thrown as ApiError (502 bad answer, 503 not configured or
 * unreachable, 504 timed out).
 */
export interface ResolutionProvider {
  readonly nameService: NameService;
  forward(name: string, options: ForwardOptions): ResolveResult | null | Promise<ResolveResult | null>;
  reverse(address: string, options: ReverseOptions): Promise<ResolveResult | null>;
}
