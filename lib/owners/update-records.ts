import "server-only";
import { randomUUID } from "node:crypto";
import { badRequest } from "@/lib/contract/errors";
import type { RecordsUpdateRequest } from "@/lib/contract/schemas/owner";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import { inTransaction } from "@/lib/db/in-transaction";
import { walletsOf } from "@/lib/registry/register-name";
import { dnsOwnerName } from "@/lib/names/dns-record-values";
import { walletRows } from "@/lib/registry/register-name";
import { recordSubnameChange } from "@/lib/webhooks/outbox";
import type { Owner } from "@/lib/owners/session-token";
import { invalidateNameAndAddresses } from "./invalidate-name";
import { lockOwnedNameOrThrow, recordsOf } from "./owned-name";

// PUT /v1/owner/names/{name}/records: each record set present in the body replaces that set, in
// one transaction, and every instance drops what it cached about the name and the addresses it
// pointed to before and points to now.

type DnsInput = NonNullable<RecordsUpdateRequest["dnsRecords"]>[number];

/** Record names written in full; a CNAME must be alone at its name (RFC 1034). */
function dnsRowsOf(records: DnsInput[], domain: string) {
  const rows = records.map((record, index) => {
    const name = dnsOwnerName(record.name, domain);
    if (name === null)
      throw badRequest(`dnsRecords.${index}.name`, `name must be @ or a name under ${domain}, written in full.`);
    return { name, type: record.type, value: record.value.trim(), ttl: record.ttl };
  });
  rows.forEach((row, index) => {
    if (row.type === "CNAME" && rows.some((other, at) => at !== index && other.name === row.name))
      throw badRequest(`dnsRecords.${index}.type`, `A CNAME record must be the only record of ${row.name}.`);
  });
  return rows;
}

export async function updateRecords(
  owner: Owner,
  rawName: string,
  body: RecordsUpdateRequest,
  now = new Date(),
): Promise<ResolveResult> {
  return inTransaction(async (tx) => {
    const name = await lockOwnedNameOrThrow(tx, owner, rawName, now);
    const dnsRows = body.dnsRecords ? dnsRowsOf(body.dnsRecords, name.name) : undefined;
    const before = await tx.walletRecord.findMany({ where: { domainId: name.id }, select: { address: true } });

    if (body.walletAddrs) {
      await tx.walletRecord.deleteMany({ where: { domainId: name.id } });
      await tx.walletRecord.createMany({
        data: walletRows(walletsOf(body.walletAddrs)).map((row) => ({ ...row, domainId: name.id })),
      });
    }
    if (body.txtRecords) {
      await tx.textRecord.deleteMany({ where: { domainId: name.id } });
      await tx.textRecord.createMany({
        data: body.txtRecords.map((record) => ({ id: randomUUID(), domainId: name.id, ...record })),
      });
    }
    if (dnsRows) {
      await tx.dnsRecord.deleteMany({ where: { domainId: name.id } });
      await tx.dnsRecord.createMany({ data: dnsRows.map((row) => ({ id: randomUUID(), domainId: name.id, ...row })) });
    }
    await tx.domain.update({
      where: { id: name.id },
      data: { updatedAt: now, ...(body.contentHash !== undefined && { contentHash: body.contentHash }) },
    });
    await invalidateNameAndAddresses(
      tx,
      name.id,
      before.map((wallet) => wallet.address),
    );
    await recordSubnameChange(tx, name.id, "subname.records_updated");
    return recordsOf(tx, name.id);
  });
}
