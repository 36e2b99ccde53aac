// Wallet discovery (components/owner/wallet-discovery.ts): EIP-6963 announcements first,
// window.ethereum when nothing announces; each test loads the module afresh on a fresh window.
import { afterEach, expect, test, vi } from "vitest";

type Provider = { request: (args: { method: string }) => Promise<unknown> };
const provider = (): Provider => ({ request: async () => null });

async function freshWindow(ethereum?: unknown) {
  vi.resetModules();
  const win = Object.assign(new EventTarget(), ethereum === undefined ? {} : { ethereum });
  vi.stubGlobal("window", win);
  const discovery = await import("@/components/owner/wallet-discovery");
  return { win, ...discovery };
}

function announceOn(win: EventTarget, uuid: string, name: string, wallet: Provider, onRequest = true) {
  const detail = { info: { uuid, name, icon: "data:,", rdns: `org.example.${name}` }, provider: wallet };
  const announce = () => win.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  if (onRequest) win.addEventListener("eip6963:requestProvider", announce);
  return announce;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("without any announcement window.ethereum is the one choice, the same array on each call", async () => {
  const legacy = provider();
  const { walletChoices } = await freshWindow(legacy);
  const first = walletChoices();
  expect(first).toEqual([{ uuid: "window.ethereum", name: "Browser wallet", rdns: "", icon: "", provider: legacy }]);
  expect(walletChoices()).toBe(first);
});

test("nothing at all: no choice", async () => {
  const { walletChoices } = await freshWindow({ notAProvider: true });
  expect(walletChoices()).toEqual([]);
});

test("wallets answering the page's request are chosen over window.ethereum, each once", async () => {
  const { win, walletChoices, subscribeWallets } = await freshWindow(provider());
  const rabby = provider();
  const metamask = provider();
  announceOn(win, "u-1", "Rabby", rabby);
  const announceAgain = announceOn(win, "u-2", "MetaMask", metamask);
  const choices = walletChoices();
  expect(choices.map((c) => [c.name, c.provider])).toEqual([
    ["Rabby", rabby],
    ["MetaMask", metamask],
  ]);
  const changed = vi.fn();
  subscribeWallets(changed);
  announceAgain();
  expect(walletChoices()).toBe(choices);
  expect(changed).not.toHaveBeenCalled();
});

test("a wallet announcing itself later is added and subscribers are told; malformed ones are ignored", async () => {
  const { win, walletChoices, subscribeWallets } = await freshWindow();
  const changed = vi.fn();
  const unsubscribe = subscribeWallets(changed);
  expect(walletChoices()).toEqual([]);
  win.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: { info: { uuid: "x" }, provider: {} } }));
  win.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: null }));
  expect(changed).not.toHaveBeenCalled();
  const late = provider();
  announceOn(win, "u-late", "Late", late, false)();
  expect(changed).toHaveBeenCalledTimes(1);
  expect(walletChoices()).toEqual([
    { uuid: "u-late", name: "Late", rdns: "org.example.Late", icon: "data:,", provider: late },
  ]);
  unsubscribe();
  announceOn(win, "u-later", "Later", provider(), false)();
  expect(changed).toHaveBeenCalledTimes(1);
});
