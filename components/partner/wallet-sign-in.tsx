"use client";
// Wallet sign-in to the dashboard: Sign-In with Ethereum as the owner pages do, then the owner
// session is exchanged for a 60-minute ADMIN token of the partner the address is bound to.
import { useMutation } from "@tanstack/react-query";
import { createSiweMessage } from "viem/siwe";
import { apiClient, bearer, unwrap } from "../api/client";
import { connectAccount, personalSign, type Eip1193Provider } from "../owner/wallet";
import { useChosenWallet, WalletPicker } from "../owner/wallet-picker";
import { setSessionToken } from "../session-token";

async function signInWithWallet(provider: Eip1193Provider): Promise<string> {
  const address = await connectAccount(provider);
  const { nonce } = await unwrap(apiClient.GET("/v1/owner/nonce"));
  const message = createSiweMessage({
    address,
    chainId: 1,
    domain: window.location.host,
    nonce,
    uri: `${window.location.origin}/partner`,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to the partner dashboard. This costs nothing and sends no transaction.",
  });
  const signature = await personalSign(provider, address, message);
  const owner = await unwrap(
    apiClient.POST("/v1/owner/session", { body: { message, signature: signature as `0x${string}` } }),
  );
  const token = await unwrap(apiClient.POST("/v1/partner/session", { headers: bearer(owner.token) }));
  // The owner session was only the way in; the dashboard keeps the partner token.
  await apiClient.DELETE("/v1/owner/session", { headers: bearer(owner.token) }).catch(() => undefined);
  return token.value;
}

export function WalletSignIn() {
  const { choices, chosen, choose } = useChosenWallet();
  const signIn = useMutation({
    mutationFn: () => signInWithWallet(chosen!.provider),
    onSuccess: (token) => setSessionToken(token),
  });
  if (chosen === undefined || choices === undefined) return null;
  if (chosen === null)
    return (
      <p className="text-sm text-slate-600">
        No wallet in this browser: paste a token, or open the dashboard where your wallet is.
      </p>
    );
  return (
    <div className="space-y-2">
      <WalletPicker choices={choices} chosen={chosen} choose={choose} />
      <button type="button" className="btn-secondary" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
        {signIn.isPending ? "Waiting for the wallet…" : "Sign in with wallet"}
      </button>
      <p className="text-xs text-slate-500">For addresses an ADMIN of your partner bound to it; valid 60 minutes.</p>
      {signIn.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {signIn.error.message}
        </p>
      ) : null}
    </div>
  );
}
