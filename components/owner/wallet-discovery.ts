// Which wallets the browser has, by EIP-6963: each extension announces itself on
// `eip6963:announceProvider` when the page asks with `eip6963:requestProvider`, so several can live
// side by side without fighting over `window.ethereum`. A wallet that only sets `window.ethereum`
// (EIP-1193, older extensions and in-app browsers) is still found when nothing announces.
import type { Eip1193Provider } from "./wallet";

export interface WalletChoice {
  uuid: string;
  name: string;
  rdns: string;
  icon: string;
  provider: Eip1193Provider;
}

const ANNOUNCE = "eip6963:announceProvider";
const REQUEST = "eip6963:requestProvider";

let announced: readonly WalletChoice[] = [];
let listening = false;
const listeners = new Set<() => void>();
let legacy: { provider: Eip1193Provider | null; choices: readonly WalletChoice[] } = { provider: null, choices: [] };

function asChoice(detail: unknown): WalletChoice | null {
  const { info, provider } = (detail ?? {}) as { info?: Partial<WalletChoice>; provider?: Partial<Eip1193Provider> };
  if (!info || typeof info.uuid !== "string" || typeof provider?.request !== "function") return null;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    uuid: info.uuid,
    name: text(info.name) || "Browser wallet",
    rdns: text(info.rdns),
    icon: text(info.icon),
    provider: provider as Eip1193Provider,
  };
}

function listen() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener(ANNOUNCE, (event) => {
    const choice = asChoice((event as CustomEvent).detail);
    if (!choice || announced.some((known) => known.uuid === choice.uuid)) return;
    announced = [...announced, choice];
    for (const listener of listeners) listener();
  });
  window.dispatchEvent(new Event(REQUEST));
}

export function subscribeWallets(listener: () => void): () => void {
  listeners.add(listener);
  listen();
  return () => listeners.delete(listener);
}

/** The announced wallets, or else the injected `window.ethereum`; the same array while nothing changes. */
export function walletChoices(): readonly WalletChoice[] {
  listen();
  if (announced.length > 0) return announced;
  const candidate = (window as { ethereum?: Partial<Eip1193Provider> }).ethereum;
  const provider = typeof candidate?.request === "function" ? (candidate as Eip1193Provider) : null;
  if (provider !== legacy.provider)
    legacy = {
      provider,
      choices: provider ? [{ uuid: "window.ethereum", name: "Browser wallet", rdns: "", icon: "", provider }] : [],
    };
  return legacy.choices;
}
