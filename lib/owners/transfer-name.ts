import "server-only";
import { getAddress, zeroAddress } from "viem";
import { badRequest } from "@/lib/contract/errors";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import { inTransaction } from "@/lib/db/in-transaction";
import { recordSubnameChange } from "@/lib/webhooks/outbox";
import type { Owner } from "@/lib/owners/session-token";
import { invalidateNameAndAddresses } from "./invalidate-name";
import { lockOwnedNameOrThrow, recordsOf } from "./owned-name";

// PUT /v1/owner/names/{name}/owner: the name moves to another address with its records, as an
// ENS transfer does; the new owner changes them if they wish. Reverse records stay with their
// addresses: they answer only while the name's ETH record still points back.

export async function transferName(
  owner: Owner,
  rawName: string,
  newOwner: string,
  now = new Date(),
): Promise<ResolveResult> {
  const ownerAddress = getAddress(newOwner.toLowerCase());
  // Nobody holds the zero address's key: a transfer there would burn the name.
  if (ownerAddress === zeroAddress)
    throw badRequest("ownerAddress", "ownerAddress must not be the zero address: nobody could use the name again.");
  return inTransaction(async (tx) => {
    const name = await lockOwnedNameOrThrow(tx, owner, rawName, now);
    await tx.domain.update({
      where: { id: name.id },
      data: { ownerAddress, ownerKey: ownerAddress.toLowerCase(), updatedAt: now },
    });
    await invalidateNameAndAddresses(tx, name.id, [name.ownerKey]);
    await recordSubnameChange(tx, name.id, "subname.transferred");
    return recordsOf(tx, name.id);
  });
}
