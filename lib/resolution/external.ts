import "server-only";
import { config } from "@/lib/config";
import { externalProviders, requireExternalProvider, type ExternalProviders } from "./providers";
import type { ResolutionProvider } from "./types";

// The one place the dispatcher gets the readers of ENS, Unstoppable Domains and ICANN: built once
// per process from configuration (each holds its cache); a service not configured is null.

export type ExternalService = keyof ExternalProviders;

let built: ExternalProviders | undefined;

function providers(): ExternalProviders {
  built ??= externalProviders(config());
  return built;
}

/** The reader of `service`, or null when it is not configured. */
export function findExternalProvider(service: ExternalService): ResolutionProvider | null {
  return providers()[service];
}

/** The reader of `service`, or 503 saying which setting is missing. */
export function externalProvider(service: ExternalService): ResolutionProvider {
  return requireExternalProvider(providers(), service);
}
