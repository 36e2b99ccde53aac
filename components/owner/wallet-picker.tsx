"use client";
// The wallet a sign-in uses: the only one found, or the one the person picks when the browser
// announces several (EIP-6963).
import { useId, useState, useSyncExternalStore } from "react";
import { subscribeWallets, walletChoices, type WalletChoice } from "./wallet-discovery";

/** The wallets found; `undefined` while rendering on the server. */
function useWallets(): readonly WalletChoice[] | undefined {
  return useSyncExternalStore(subscribeWallets, walletChoices, () => undefined);
}

export function useChosenWallet() {
  const choices = useWallets();
  const [uuid, choose] = useState<string | null>(null);
  const chosen = choices === undefined ? undefined : (choices.find((c) => c.uuid === uuid) ?? choices[0] ?? null);
  return { choices, chosen, choose };
}

export function WalletPicker({
  choices,
  chosen,
  choose,
}: {
  choices: readonly WalletChoice[];
  chosen: WalletChoice;
  choose: (uuid: string) => void;
}) {
  const id = useId();
  if (choices.length < 2) return null;
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="label">
        Wallet
      </label>
      <select id={id} value={chosen.uuid} onChange={(event) => choose(event.target.value)} className="input">
        {choices.map((choice) => (
          <option key={choice.uuid} value={choice.uuid}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
