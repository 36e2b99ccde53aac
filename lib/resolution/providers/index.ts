import "server-only";
import { ApiError } from "@/lib/contract/errors";
import type { Config } from "@/lib/config";
import type { ResolutionProvider } from "@/lib/resolution/types";
import { ENS_NOT_CONFIGURED, ensProviderFromConfig, type EnsProvider } from "./ens";
import { icannProviderFromConfig, type IcannProvider } from "./icann";
import { UD_NOT_CONFIGURED, udProviderFromConfig, type UdProvider } from "./ud";

// The name services other than native, built from configuration. A null provider is one that is
// not configured: the dispatcher answers 503 with ENS_NOT_CONFIGURED / UD_NOT_CONFIGURED.

export { EnsProvider } from "./ens";
export { UD_TLDS, UdProvider } from "./ud";
export { IcannProvider } from "./icann";

export interface ExternalProviders {
  ens: EnsProvider | null;
  ud: UdProvider | null;
  icann: IcannProvider | null;
}

/** Build once per process (each provider holds its cache). */
export function externalProviders(cfg: Config): ExternalProviders {
  return { ens: ensProviderFromConfig(cfg), ud: udProviderFromConfig(cfg), icann: icannProviderFromConfig(cfg) };
}

const NOT_CONFIGURED: Record<keyof ExternalProviders, string> = {
  ens: ENS_NOT_CONFIGURED,
  ud: UD_NOT_CONFIGURED,
  icann: "ICANN resolution is not configured: set DNS_SERVERS.",
};

/** The provider for `service`, or a 503 saying which setting is missing. */
export function requireExternalProvider(
  providers: ExternalProviders,
  service: keyof ExternalProviders,
): ResolutionProvider {
  const provider = providers[service];
  if (!provider) throw new ApiError(503, "nameservice", NOT_CONFIGURED[service]);
  return provider;
}
