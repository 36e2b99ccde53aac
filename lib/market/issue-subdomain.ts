import "server-only";
import { getAddress } from "viem";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError, badRequest, conflict, fromZodError } from "@/lib/contract/errors";
import { BulkIssueItem, type BulkIssueResult, type SubdomainRecords } from "@/lib/contract/schemas/parent";
import { tryReserveName } from "@/lib/market/reserve-name";
import { walletsOf } from "@/lib/registry/register-name";
import type { Caller } from "@/lib/partners/authenticate";
import { db } from "@/lib/db";
import { recordSubnameEvent } from "@/lib/webhooks/outbox";
import { listTimestamp } from "@/lib/registry/format";
import { getParentDomainOfPartner, normalizeNativeName, type ParentDomainRow } from "@/lib/registry/parent-domain";
import { registerName } from "@/lib/registry/register-name";
import { configurationProblems } from "@/lib/registry/validate-parent-domain";

export interface IssuedSubdomain {
  name: string;
  ownerAddress: string;
  createdTimestamp: string;
}

export interface IssueInput {
  label: string;
  ownerAddress: string;
  records?: z.infer<typeof SubdomainRecords>;
}

/**
 * Our extension: a partner ADMIN issues `label.parentDomain` to an owner directly, without a
 * sale. The parent must be the partner's, enabled and unexpired; a price is needed only to sell.
 */
export async function issueSubdomain(
  caller: Caller,
  parentDomain: string,
  input: IssueInput,
): Promise<IssuedSubdomain> {
  return issueUnder(await usableParentOf(caller, parentDomain), input);
}

async function usableParentOf(caller: Caller, parentDomain: string): Promise<ParentDomainRow> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  const blocking = configurationProblems(parent, new Date(), { needsPrice: false });
  if (blocking.length > 0) throw badRequest("parentDomain", blocking.join(" "));
  return parent;
}

/** The single issuance: one transaction per sub-name, whoever asks (one item or a bulk request). */
async function issueUnder(parent: ParentDomainRow, input: IssueInput): Promise<IssuedSubdomain> {
  if (input.label.includes(".")) throw badRequest("label", "label must be one label, without dots.");
  const name = normalizeNativeName(`${input.label}.${parent.name}`, "label");
  if (name.split(".").length !== parent.name.split(".").length + 1)
    throw badRequest("label", "label must be one label, without dots.");

  const ownerAddress = getAddress(input.ownerAddress.toLowerCase());
  const wallets = input.records?.walletAddrs ? walletsOf(input.records.walletAddrs) : undefined;
  const domain = await db().$transaction(async (tx) => {
    // The name's hold, taken for the length of this transaction: a name someone is paying for
    // is not issued to someone else, and a purchase starting now waits and then sees it taken.
    const placeholder = randomUUID();
    if (!(await tryReserveName(tx, name, placeholder)))
      throw conflict(
        "domain",
        `${name} is not available: an order awaiting or confirming payment holds it, or it is registered.`,
      );
    const registered = await registerName(tx, { name, ownerAddress, wallets });
    // Issued by the partner, not bought: reverse resolution within the parent may answer it.
    await tx.domain.update({ where: { id: registered.id }, data: { issuedToKey: ownerAddress.toLowerCase() } });
    if (input.records?.txtRecords?.length)
      await tx.textRecord.createMany({
        data: input.records.txtRecords.map((record) => ({ id: randomUUID(), domainId: registered.id, ...record })),
      });
    await tx.nameReservation.deleteMany({ where: { orderId: placeholder } });
    await recordSubnameEvent(tx, parent.partner_id, "subname.created", {
      name: registered.name,
      parentDomain: parent.name,
      ownerAddress: registered.ownerAddress,
    });
    return registered;
  });
  return { name: domain.name, ownerAddress: domain.ownerAddress, createdTimestamp: listTimestamp(domain.createdAt) };
}

type BulkResult = z.infer<typeof BulkIssueResult>;

/**
 * Bulk issuance: each item is checked and issued on its own, in its own transaction, and answered
 * `created`, `conflict` (the name is taken or held) or `invalid` (with the fields at fault). A
 * problem of the parent itself (unknown, another partner's, disabled) fails the whole request.
 */
export async function issueSubdomains(
  caller: Caller,
  parentDomain: string,
  items: readonly unknown[],
): Promise<{ results: BulkResult[]; created: number; conflicts: number; invalid: number }> {
  const parent = await usableParentOf(caller, parentDomain);
  const results: BulkResult[] = [];
  for (const [index, raw] of items.entries()) {
    const label = typeof (raw as { label?: unknown })?.label === "string" ? (raw as { label: string }).label : "";
    const parsed = BulkIssueItem.safeParse(raw);
    if (!parsed.success) {
      results.push({ index, label, status: "invalid", errors: fromZodError(parsed.error).items });
      continue;
    }
    try {
      const issued = await issueUnder(parent, parsed.data);
      results.push({ index, label, status: "created", ...issued });
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) throw error;
      results.push({ index, label, status: error.status === 409 ? "conflict" : "invalid", errors: error.items });
    }
  }
  const count = (status: BulkResult["status"]) => results.filter((result) => result.status === status).length;
  return { results, created: count("created"), conflicts: count("conflict"), invalid: count("invalid") };
}
