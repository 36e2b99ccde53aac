"use client";
// Sign-In with Ethereum from the page: the wallet shares its account, the service gives a nonce,
// the wallet signs an EIP-4361 message for this host, and the service answers a session.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { createSiweMessage } from "viem/siwe";
import { apiClient, unwrap } from "../api/client";
import { ErrorPanel } from "../status";
import { setOwnerSession, type OwnerSession } from "./owner-session";
import { connectAccount, personalSign, type Eip1193Provider } from "./wallet";
import { useChosenWallet, WalletPicker } from "./wallet-picker";

async function signInWith(provider: Eip1193Provider): Promise<OwnerSession> {
  const address = await connectAccount(provider);
  const { nonce } = await unwrap(apiClient.GET("/v1/owner/nonce"));
  const message = createSiweMessage({
    address,
    chainId: 1,
    domain: window.location.host,
    nonce,
    uri: `${window.location.origin}/names`,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to manage your names. This costs nothing and sends no transaction.",
  });
  const signature = await personalSign(provider, address, message);
  return unwrap(apiClient.POST("/v1/owner/session", { body: { message, signature: signature as `0x${string}` } }));
}

export function ConnectWallet() {
  const { choices, chosen, choose } = useChosenWallet();
  const signIn = useMutation({
    mutationFn: () => signInWith(chosen!.provider),
    onSuccess: (session) => setOwnerSession(session),
  });
  if (chosen === undefined || choices === undefined) return null;
  if (chosen === null) return <NoWallet />;
  return (
    <div className="card max-w-xl space-y-4">
      <h2 className="text-lg font-semibold">Sign in with your wallet</h2>
      <p className="text-sm text-slate-600">
        Names belong to the address that owns them. Connect that wallet and sign a short message to show it is yours:
        the signature costs nothing and sends no transaction.
      </p>
      <WalletPicker choices={choices} chosen={chosen} choose={choose} />
      {signIn.isError ? (
        <ErrorPanel error={signIn.error} title="Signing in did not work">
          <p className="mt-1">Try again; if it keeps failing, reload the page.</p>
        </ErrorPanel>
      ) : null}
      <button type="button" className="btn-primary" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
        {signIn.isPending ? "Waiting for your wallet…" : "Connect wallet"}
      </button>
    </div>
  );
}

function NoWallet() {
  return (
    <div className="card max-w-xl space-y-3" data-testid="no-wallet">
      <h2 className="text-lg font-semibold">No wallet in this browser</h2>
      <p className="text-sm text-slate-600">
        Managing your names needs an Ethereum wallet that can sign a message for the address that owns them. None was
        found in this browser.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          On a computer, install a wallet extension such as{" "}
          <a className="text-indigo-700 underline" href="https://metamask.io/download/" rel="noreferrer noopener">
            MetaMask
          </a>{" "}
          or{" "}
          <a className="text-indigo-700 underline" href="https://rabby.io/" rel="noreferrer noopener">
            Rabby
          </a>
          , import or create your account, then reload this page.
        </li>
        <li>On a phone, open this page in your wallet app&apos;s built-in browser.</li>
      </ul>
      <p className="text-sm text-slate-600">
        Looking a name up needs no wallet:{" "}
        <Link className="text-indigo-700 underline" href="/resolve">
          resolve a name or an address
        </Link>
        .
      </p>
    </div>
  );
}
