// A browser wallet backed by a viem local account (its signatures are real and the server checks
// them), injected before the page loads. "eip6963" announces it as extensions do today
// (eip6963:announceProvider, again on each eip6963:requestProvider) and leaves a window.ethereum that
// refuses everything, so a page that still read window.ethereum would fail to sign in;
// "window.ethereum" is the older injection alone, which the page falls back to.
import type { BrowserContext } from "@playwright/test";
import type { PrivateKeyAccount } from "viem/accounts";

export type WalletInjection = "eip6963" | "window.ethereum";

export async function injectWallet(context: BrowserContext, account: PrivateKeyAccount, via: WalletInjection) {
  await context.exposeFunction("__e2eSign", (hex: `0x${string}`) => account.signMessage({ message: { raw: hex } }));
  await context.addInitScript(
    ({ address, via }: { address: string; via: WalletInjection }) => {
      const sign = (hex: string) =>
        (window as unknown as { __e2eSign: (hex: string) => Promise<string> }).__e2eSign(hex);
      const provider = {
        isE2eWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
          if (method === "eth_chainId") return "0x1";
          if (method === "personal_sign") {
            const [data, from] = params as [string, string];
            if (from.toLowerCase() !== address.toLowerCase()) throw { code: 4100, message: "Unknown account" };
            return sign(data);
          }
          throw { code: 4200, message: `Unsupported method ${method}` };
        },
      };
      const win = window as unknown as { ethereum: unknown };
      if (via === "window.ethereum") {
        win.ethereum = provider;
        return;
      }
      win.ethereum = {
        async request() {
          throw { code: 4100, message: "This is not the wallet the page should use" };
        },
      };
      const detail = Object.freeze({
        info: { uuid: crypto.randomUUID(), name: "E2E Wallet", icon: "data:,", rdns: "org.example.e2e-wallet" },
        provider,
      });
      const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { address: account.address, via },
  );
}
