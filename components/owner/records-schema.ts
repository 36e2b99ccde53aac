// The records form's values and rules: the owner API's own checks (handed in once loaded), plus
// the rows judging each other (a coin or a text key used twice) and DNS names kept under the name.
import { z } from "zod";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { dnsOwnerName, type DnsRecordType } from "@/lib/names/dns-record-values";
import { walletRowIssues } from "../checkout/wallet-rows";
import type { OwnerValidators } from "./use-owner-validators";

const text = z.string();
const RecordsForm = z.object({
  walletAddrs: z.array(z.object({ coinId: z.number(), addr: text })),
  txtRecords: z.array(z.object({ key: text, value: text })),
  dnsRecords: z.array(z.object({ type: text, name: text, value: text, ttl: text })),
  contentHash: text,
});
export type RecordsValues = z.infer<typeof RecordsForm>;

export function initialRecords(entry: OwnerName): RecordsValues {
  return {
    walletAddrs: entry.walletAddrs.map((w) => ({ coinId: w.coinId, addr: w.addr })),
    txtRecords: entry.records.txtRecords.map((t) => ({ key: t.key, value: t.value })),
    dnsRecords: entry.records.dnsRecords.map((r) => ({
      type: r.type,
      name: r.name === entry.name ? "@" : r.name,
      value: r.value,
      ttl: String(r.ttl),
    })),
    contentHash: entry.records.contentHash,
  };
}

export function recordsSchema(validators: OwnerValidators | null, domain: string) {
  return RecordsForm.superRefine((form, ctx) => {
    const issue = (path: (string | number)[], message: string | null | undefined) =>
      message ? ctx.addIssue({ code: "custom", path, message }) : undefined;
    for (const found of walletRowIssues(form.walletAddrs, validators?.wallet, "This coin already has an address."))
      issue(found.path, found.message);
    form.txtRecords.forEach((row, index) => {
      const checked = validators?.text(row.key, row.value);
      const duplicate = form.txtRecords.findIndex((other) => other.key === row.key) !== index;
      issue(
        ["txtRecords", index, "key"],
        row.key === "" ? "Enter a key." : duplicate ? `The key ${row.key} is already used above.` : checked?.key,
      );
      issue(["txtRecords", index, "value"], checked?.value);
    });
    form.dnsRecords.forEach((row, index) => {
      const checked = validators?.dns(row);
      const outside = dnsOwnerName(row.name, domain) === null;
      issue(["dnsRecords", index, "type"], checked?.type);
      issue(
        ["dnsRecords", index, "name"],
        outside ? `Use @ for ${domain}, or a name under it such as www.${domain}.` : checked?.name,
      );
      issue(["dnsRecords", index, "value"], row.value === "" ? "Enter a value." : checked?.value);
      issue(["dnsRecords", index, "ttl"], checked?.ttl);
    });
    issue(["contentHash"], validators?.contentHash(form.contentHash));
  });
}

/** The PUT body: each set replaces the name's set. */
export function recordsBody(form: RecordsValues) {
  return {
    walletAddrs: form.walletAddrs.map((w) => ({ coinId: w.coinId, addr: w.addr.trim() })),
    txtRecords: form.txtRecords.map((t) => ({ key: t.key, value: t.value })),
    dnsRecords: form.dnsRecords.map((d) => ({
      // Checked against the allowed types before the form may be sent.
      type: d.type as DnsRecordType,
      name: d.name.trim(),
      value: d.value.trim(),
      ttl: Number(d.ttl),
    })),
    contentHash: form.contentHash.trim(),
  };
}
