"use client";
// Wallet records as rows of coin and address, shared by the checkout and the owner's records
// editor: bound to the surrounding form's `walletAddrs`, each address judged by its coin's codec.
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { TextField } from "../forms/text-field";
import { WALLET_COINS, type WalletCoinChoice } from "./wallet-coins";

export interface WalletRow {
  coinId: number;
  addr: string;
}

type Issue = { path: (string | number)[]; message: string };

/** The problems of the rows: an empty address, a coin used twice, an address its coin rejects. */
export function walletRowIssues(
  rows: WalletRow[],
  check: ((coinId: number, addr: string) => string | null) | undefined,
  duplicate: string,
): Issue[] {
  return rows.flatMap((row, index): Issue[] => {
    const path = ["walletAddrs", index, "addr"];
    const addr = row.addr.trim();
    if (addr === "") return [{ path, message: "Enter an address or remove this wallet." }];
    if (rows.findIndex((other) => other.coinId === row.coinId) !== index) return [{ path, message: duplicate }];
    const problem = check?.(row.coinId, addr);
    return problem ? [{ path, message: problem }] : [];
  });
}

export function WalletRows({
  addLabel,
  addressLabel = () => "Address",
}: {
  addLabel: string;
  addressLabel?: (coinLabel: string) => string;
}) {
  const { control, register } = useFormContext<{ walletAddrs: WalletRow[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: "walletAddrs" });
  const rows = useWatch({ control, name: "walletAddrs" }) ?? [];
  // Coins the list does not offer stay selectable on rows that already hold them.
  const choices: WalletCoinChoice[] = [
    ...WALLET_COINS,
    ...rows
      .filter((row) => !WALLET_COINS.some((coin) => coin.coinId === row.coinId))
      .map((row) => ({ coinId: row.coinId, label: `Coin type ${row.coinId}`, placeholder: "" })),
  ];

  return (
    <>
      {fields.map((field, index) => {
        const coin = choices.find((c) => c.coinId === rows[index]?.coinId);
        return (
          <div
            key={field.id}
            className={
              "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
              "sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
            }
          >
            <div>
              <label htmlFor={`${field.id}-coin`} className="label">
                Coin
              </label>
              <select
                id={`${field.id}-coin`}
                {...register(`walletAddrs.${index}.coinId`, { valueAsNumber: true })}
                className="input"
              >
                {choices.map((choice) => (
                  <option key={choice.coinId} value={choice.coinId}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id={`${field.id}-addr`}
              name={`walletAddrs.${index}.addr`}
              label={addressLabel(coin?.label ?? "Wallet")}
              placeholder={coin?.placeholder}
              spellCheck={false}
              mono
            />
            <button
              type="button"
              className="btn-secondary sm:mt-6"
              onClick={() => remove(index)}
              aria-label={`Remove the ${coin?.label ?? "wallet"} address`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          const unused = WALLET_COINS.find((c) => !rows.some((row) => row.coinId === c.coinId)) ?? WALLET_COINS[0];
          append({ coinId: unused.coinId, addr: "" }, { shouldFocus: false });
        }}
      >
        {addLabel}
      </button>
    </>
  );
}
