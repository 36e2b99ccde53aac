import "server-only";
import type { Prisma } from "@prisma/client";
import { invalidateAll, type Topic } from "@/lib/db/invalidation";

// An owner's change to a name (records, owner, expiry, primary name) changes what forward
// resolution answers for the name and what reverse resolution answers for every address it
// points to or is pointed at by. The cached answers of all of them are dropped here and, when the
// transaction commits, on every instance.

export async function invalidateNameAndAddresses(
  tx: Prisma.TransactionClient,
  domainId: string,
  extraAddresses: readonly string[] = [],
): Promise<void> {
  const domain = await tx.domain.findUnique({
    where: { id: domainId },
    select: {
      name: true,
      ownerKey: true,
      wallets: { select: { address: true } },
      reverseRecords: { select: { address: true } },
    },
  });
  const tags: [Topic, string][] = [];
  const addresses = new Set(extraAddresses.map((address) => address.toLowerCase()));
  if (domain) {
    tags.push(["name", domain.name]);
    addresses.add(domain.ownerKey);
    for (const wallet of domain.wallets) addresses.add(wallet.address.toLowerCase());
    for (const record of domain.reverseRecords) addresses.add(record.address);
  }
  for (const address of addresses) tags.push(["address", address]);
  await invalidateAll(tags, tx);
}
