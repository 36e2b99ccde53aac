import "server-only";
import { getAddress } from "viem";
import { randomUUID } from "node:crypto";
import { badRequest, conflict } from "@/lib/api/errors";
import { tryReserveName } from "@/lib/market/reserve-name";
import type { Caller } from "@/lib/partners/authenticate";
import { db } from "@/lib/db";
import { listTimestamp } from "./format";
import { getParentDomainOfPartner, normalizeNativeName } from "./parent-domain";
import { registerName } from "./register-name";
import { configurationProblems } from "./validate-parent-domain";

export interface IssuedSubdomain {
  name: string;
  ownerAddress: string;
  createdTimestamp: string;
}

/**
 * Our extension: a partner ADMIN issues `label.parentDomain` to an owner directly, without a
 * sale. The parent must be the partner's, enabled and unexpired; a price is needed only to sell.
 */
export async function issueSubdomain(
  caller: Caller,
  parentDomain: string,
  input: { label: string; ownerAddress: string },
): Promise<IssuedSubdomain> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  const blocking = configurationProblems(parent, new Date(), { needsPrice: false });
  if (blocking.length > 0) throw badRequest("parentDomain", blocking.join(" "));
  if (input.label.includes(".")) throw badRequest("label", "label must be one label, without dots.");
  const name = normalizeNativeName(`${input.label}.${parent.name}`, "label");
  if (name.split(".").length !== parent.name.split(".").length + 1)
    throw badRequest("label", "label must be one label, without dots.");

  const ownerAddress = getAddress(input.ownerAddress.toLowerCase());
  const domain = await db().$transaction(async (tx) => {
    // The name's hold, taken for the length of this transaction: a name someone is paying for
    // is not issued to someone else, and a purchase starting now waits and then sees it taken.
    const placeholder = randomUUID();
    if (!(await tryReserveName(tx, name, placeholder)))
      throw conflict(
        "domain",
        `${name} is not available: an order awaiting or confirming payment holds it, or it is registered.`,
      );
    const registered = await registerName(tx, { name, ownerAddress });
    // Issued by the partner, not bought: reverse resolution within the parent may answer it.
    await tx.domain.update({ where: { id: registered.id }, data: { issuedToKey: ownerAddress.toLowerCase() } });
    await tx.nameReservation.deleteMany({ where: { orderId: placeholder } });
    return registered;
  });
  return { name: domain.name, ownerAddress: domain.ownerAddress, createdTimestamp: listTimestamp(domain.createdAt) };
}
