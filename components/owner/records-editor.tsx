"use client";
// A name's records as its owner edits them: wallets by coin, text records, DNS records and the
// content hash, each judged as it is typed by the API's own rules, saved together (each set
// replaces the name's set) and resolvable at once.
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { DNS_RECORD_TYPES, dnsOwnerName } from "@/lib/names/dns-record-values";
import { apiClient, ApiRequestError, bearer, unwrap } from "../api/client";
import { randomUuid } from "../checkout/random-uuid";
import { WALLET_COINS } from "../checkout/wallet-coins";
import { Field } from "../field";
import { ErrorPanel } from "../status";
import type { DnsRecordType } from "@/lib/names/dns-record-values";
import { useOwnerValidators, type DnsDraft } from "./use-owner-validators";

interface WalletRow {
  rowKey: string;
  coinId: number;
  addr: string;
}
interface TextRow {
  rowKey: string;
  key: string;
  value: string;
}
type DnsRow = DnsDraft & { rowKey: string };

const row = () => randomUuid();

function initial(entry: OwnerName) {
  return {
    wallets: entry.walletAddrs.map((w): WalletRow => ({ rowKey: row(), coinId: w.coinId, addr: w.addr })),
    texts: entry.records.txtRecords.map((t): TextRow => ({ rowKey: row(), key: t.key, value: t.value })),
    dns: entry.records.dnsRecords.map((r): DnsRow => ({
      rowKey: row(),
      type: r.type,
      name: r.name === entry.name ? "@" : r.name,
      value: r.value,
      ttl: String(r.ttl),
    })),
    contentHash: entry.records.contentHash,
  };
}

export function RecordsEditor({ entry, token, onSaved }: { entry: OwnerName; token: string; onSaved: () => void }) {
  const id = useId();
  const validators = useOwnerValidators();
  const [start] = useState(() => initial(entry));
  const [wallets, setWallets] = useState(start.wallets);
  const [texts, setTexts] = useState(start.texts);
  const [dns, setDns] = useState(start.dns);
  const [contentHash, setContentHash] = useState(start.contentHash);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // An error shows once the field has something in it, was left, or the form was sent.
  const judged = (field: string, value: string) => submitted || touched[field] || value !== "";
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  const walletErrors = wallets.map((w, index) => {
    if (w.addr.trim() === "") return "Enter an address or remove this wallet.";
    if (wallets.findIndex((other) => other.coinId === w.coinId) !== index) return "This coin already has an address.";
    return validators?.wallet(w.coinId, w.addr.trim()) ?? null;
  });
  const textErrors = texts.map((t, index) => {
    const checked = validators?.text(t.key, t.value) ?? { key: null, value: null };
    const duplicate = texts.findIndex((other) => other.key === t.key) !== index;
    return { key: duplicate ? `The key ${t.key} is already used above.` : checked.key, value: checked.value };
  });
  const dnsErrors = dns.map((d) => {
    const checked = validators?.dns(d) ?? { type: null, name: null, value: null, ttl: null };
    const outside = dnsOwnerName(d.name, entry.name) === null;
    return {
      ...checked,
      name: outside ? `Use @ for ${entry.name}, or a name under it such as www.${entry.name}.` : checked.name,
    };
  });
  const hashError = validators?.contentHash(contentHash) ?? null;
  const invalid =
    walletErrors.some(Boolean) ||
    textErrors.some((e) => e.key || e.value) ||
    dnsErrors.some((e) => e.type || e.name || e.value || e.ttl) ||
    Boolean(hashError);

  const save = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.PUT("/v1/owner/names/{name}/records", {
          params: { path: { name: entry.name } },
          headers: bearer(token),
          body: {
            walletAddrs: wallets.map((w) => ({ coinId: w.coinId, addr: w.addr.trim() })),
            txtRecords: texts.map((t) => ({ key: t.key, value: t.value })),
            dnsRecords: dns.map((d) => ({
              // Checked against the allowed types as it was typed (save is off while any row is invalid).
              type: d.type as DnsRecordType,
              name: d.name.trim(),
              value: d.value.trim(),
              ttl: Number(d.ttl),
            })),
            contentHash: contentHash.trim(),
          },
        }),
      ),
    onSuccess: () => onSaved(),
    onError: (error) => {
      if (error instanceof ApiRequestError)
        setServerErrors(Object.fromEntries(error.items.map((item) => [item.field, item.info])));
    },
  });

  /** Any change makes the last answer (saved, or its field errors) out of date. */
  function edited() {
    setServerErrors({});
    if (save.isSuccess || save.isError) save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) {
      event.currentTarget.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    save.mutate();
  }

  const shown = (field: string, value: string, error: string | null) =>
    serverErrors[field] ?? (judged(field, value) ? error : null);
  const coinChoices = [
    ...WALLET_COINS,
    ...wallets
      .filter((w) => !WALLET_COINS.some((c) => c.coinId === w.coinId))
      .map((w) => ({ coinId: w.coinId, label: `Coin type ${w.coinId}`, placeholder: "" })),
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Records of ${entry.name}`}>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Wallets</legend>
        <p className="text-sm text-slate-600">Where people pay when they type {entry.name}, by coin.</p>
        {wallets.map((wallet, index) => {
          const coin = coinChoices.find((c) => c.coinId === wallet.coinId);
          const field = `walletAddrs.${index}.addr`;
          const error = shown(field, wallet.addr, walletErrors[index]);
          return (
            <div
              key={wallet.rowKey}
              className={
                "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
                "sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
              }
            >
              <div>
                <label htmlFor={`${wallet.rowKey}-coin`} className="label">
                  Coin
                </label>
                <select
                  id={`${wallet.rowKey}-coin`}
                  value={wallet.coinId}
                  onChange={(event) => {
                    edited();
                    setWallets((rows) =>
                      rows.map((r) => (r.rowKey === wallet.rowKey ? { ...r, coinId: Number(event.target.value) } : r)),
                    );
                  }}
                  className="input"
                >
                  {coinChoices.map((choice) => (
                    <option key={choice.coinId} value={choice.coinId}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </div>
              <Field id={`${wallet.rowKey}-addr`} label={`${coin?.label ?? "Wallet"} address`} error={error}>
                <input
                  id={`${wallet.rowKey}-addr`}
                  value={wallet.addr}
                  onChange={(event) => {
                    edited();
                    setWallets((rows) =>
                      rows.map((r) => (r.rowKey === wallet.rowKey ? { ...r, addr: event.target.value } : r)),
                    );
                  }}
                  onBlur={touch(field)}
                  placeholder={coin?.placeholder}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${wallet.rowKey}-addr-error`}
                  className={`input mono ${error ? "border-red-500" : ""}`}
                />
              </Field>
              <button
                type="button"
                className="btn-secondary sm:mt-6"
                onClick={() => {
                  edited();
                  setWallets((rows) => rows.filter((r) => r.rowKey !== wallet.rowKey));
                }}
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
            const unused = WALLET_COINS.find((c) => !wallets.some((w) => w.coinId === c.coinId)) ?? WALLET_COINS[0];
            setWallets((rows) => [...rows, { rowKey: row(), coinId: unused.coinId, addr: "" }]);
          }}
        >
          Add a wallet
        </button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="font-semibold">Text records</legend>
        <p className="text-sm text-slate-600">
          Profile entries such as url, email, avatar, description or com.twitter.
        </p>
        {texts.map((text, index) => {
          const keyField = `txtRecords.${index}.key`;
          const valueField = `txtRecords.${index}.value`;
          const keyError = shown(keyField, text.key, text.key === "" ? "Enter a key." : textErrors[index].key);
          const valueError = shown(valueField, text.value, textErrors[index].value);
          return (
            <div
              key={text.rowKey}
              className={
                "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
                "sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
              }
            >
              <Field id={`${text.rowKey}-key`} label="Key" error={keyError}>
                <input
                  id={`${text.rowKey}-key`}
                  value={text.key}
                  onChange={(event) => {
                    edited();
                    setTexts((rows) =>
                      rows.map((r) => (r.rowKey === text.rowKey ? { ...r, key: event.target.value } : r)),
                    );
                  }}
                  onBlur={touch(keyField)}
                  placeholder="url"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={keyError ? true : undefined}
                  aria-describedby={`${text.rowKey}-key-error`}
                  className={`input ${keyError ? "border-red-500" : ""}`}
                />
              </Field>
              <Field id={`${text.rowKey}-value`} label={`Value of ${text.key || "this record"}`} error={valueError}>
                <input
                  id={`${text.rowKey}-value`}
                  value={text.value}
                  onChange={(event) => {
                    edited();
                    setTexts((rows) =>
                      rows.map((r) => (r.rowKey === text.rowKey ? { ...r, value: event.target.value } : r)),
                    );
                  }}
                  onBlur={touch(valueField)}
                  autoComplete="off"
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={`${text.rowKey}-value-error`}
                  className={`input ${valueError ? "border-red-500" : ""}`}
                />
              </Field>
              <button
                type="button"
                className="btn-secondary sm:mt-6"
                onClick={() => {
                  edited();
                  setTexts((rows) => rows.filter((r) => r.rowKey !== text.rowKey));
                }}
                aria-label={`Remove the text record ${text.key}`}
              >
                Remove
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setTexts((rows) => [...rows, { rowKey: row(), key: "", value: "" }])}
        >
          Add a text record
        </button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="font-semibold">DNS records</legend>
        <p className="text-sm text-slate-600">
          Name <span className="font-mono">@</span> is {entry.name} itself; other names are written in full.
        </p>
        {dns.map((record, index) => {
          const errors = dnsErrors[index];
          const at = (part: keyof DnsDraft) => `dnsRecords.${index}.${part}`;
          const nameError = shown(at("name"), record.name, errors.name);
          const valueError = shown(at("value"), record.value, record.value === "" ? "Enter a value." : errors.value);
          const ttlError = shown(at("ttl"), record.ttl, errors.ttl);
          const typeError = serverErrors[at("type")] ?? errors.type;
          const update = (part: keyof DnsDraft) => (event: { target: { value: string } }) => {
            edited();
            setDns((rows) => rows.map((r) => (r.rowKey === record.rowKey ? { ...r, [part]: event.target.value } : r)));
          };
          return (
            <div
              key={record.rowKey}
              className={
                "grid grid-cols-1 gap-2 rounded-lg border border-slate-200 p-3 " +
                "sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1.5fr)_6rem_auto] sm:items-start"
              }
            >
              <Field id={`${record.rowKey}-type`} label="Type" error={typeError}>
                <select id={`${record.rowKey}-type`} value={record.type} onChange={update("type")} className="input">
                  {DNS_RECORD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${record.rowKey}-name`} label="Name" error={nameError}>
                <input
                  id={`${record.rowKey}-name`}
                  value={record.name}
                  onChange={update("name")}
                  onBlur={touch(at("name"))}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={`${record.rowKey}-name-error`}
                  className={`input mono ${nameError ? "border-red-500" : ""}`}
                />
              </Field>
              <Field id={`${record.rowKey}-value`} label={`${record.type} value`} error={valueError}>
                <input
                  id={`${record.rowKey}-value`}
                  value={record.value}
                  onChange={update("value")}
                  onBlur={touch(at("value"))}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={`${record.rowKey}-value-error`}
                  className={`input mono ${valueError ? "border-red-500" : ""}`}
                />
              </Field>
              <Field id={`${record.rowKey}-ttl`} label="TTL (s)" error={ttlError}>
                <input
                  id={`${record.rowKey}-ttl`}
                  value={record.ttl}
                  onChange={update("ttl")}
                  onBlur={touch(at("ttl"))}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-invalid={ttlError ? true : undefined}
                  aria-describedby={`${record.rowKey}-ttl-error`}
                  className={`input ${ttlError ? "border-red-500" : ""}`}
                />
              </Field>
              <button
                type="button"
                className="btn-secondary sm:mt-6"
                onClick={() => {
                  edited();
                  setDns((rows) => rows.filter((r) => r.rowKey !== record.rowKey));
                }}
                aria-label={`Remove the ${record.type} record of ${record.name || "@"}`}
              >
                Remove
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setDns((rows) => [...rows, { rowKey: row(), type: "A", name: "@", value: "", ttl: "3600" }])}
        >
          Add a DNS record
        </button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Content hash</legend>
        <Field
          id={`${id}-hash`}
          label="IPFS or IPNS address"
          hint="ipfs://<CID> or ipns://<key> of the website this name opens; leave empty for none."
          error={serverErrors.contentHash ?? hashError}
        >
          <input
            id={`${id}-hash`}
            value={contentHash}
            onChange={(event) => {
              edited();
              setContentHash(event.target.value);
            }}
            placeholder="ipfs://bafy…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={serverErrors.contentHash || hashError ? true : undefined}
            aria-describedby={`${id}-hash-hint ${id}-hash-error`}
            className={`input mono ${hashError ? "border-red-500" : ""}`}
          />
        </Field>
      </fieldset>

      {save.isError ? (
        <ErrorPanel error={save.error} title="The records were not saved">
          <p className="mt-1">Correct the fields named above and save again.</p>
        </ErrorPanel>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save records"}
        </button>
        <p role="status" className="text-sm text-emerald-700">
          {save.isSuccess && !save.isPending ? "Saved: the new records resolve now." : ""}
        </p>
      </div>
    </form>
  );
}
