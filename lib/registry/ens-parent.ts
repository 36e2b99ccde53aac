import "server-only";
import { getAddress } from "viem";
import { badRequest, conflict } from "@/lib/contract/errors";
import { db } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";
import { first, run, sqlBuilder } from "@/lib/db/sql";
import { ENS_TLDS } from "@/lib/names/tlds";
import { normalizeNativeName } from "./parent-domain";
import { registerName, type RegisteredName } from "./register-name";

// A partner's ENS parent domain (brand.eth) in the registry. It is an ordinary parent-domain row
// under ENS's TLD (a tld row of name service `ens`, which sells no second-level names and which
// name-service inference does not count as native); the sub-names the partner issues are ordinary
// rows beneath it. The CCIP-Read gateway (lib/ens) serves exactly these rows to ENS clients once
// the name's on-chain resolver is ours. Who may register one is the caller's to decide: the
// on-chain owner's claim (issue 30, item 3) or the operator.

export async function registerEnsParent(input: {
  partnerId: string;
  name: string;
  /** The name's owner on chain, who owns the row as a native parent's owner does. */
  ownerAddress: string;
}): Promise<RegisteredName> {
  const name = normalizeNativeName(input.name, "parentDomain");
  const labels = name.split(".");
  const tld = labels[labels.length - 1]!;
  if (!ENS_TLDS.has(tld) || labels.length !== 2)
    throw badRequest("parentDomain", `An ENS parent is a second-level ENS name such as brand.eth; ${name} is not.`);
  const ownerAddress = getAddress(input.ownerAddress.toLowerCase());
  return db().$transaction(async (tx) => {
    await run(
      sqlBuilder
        .insertInto("tld")
        .values({ name: tld, name_service: "ens" })
        .onConflict((conflict) => conflict.column("name").doNothing()),
      tx,
    );
    const row = await first(sqlBuilder.selectFrom("tld").select("name_service").where("name", "=", tld), tx);
    if (row?.name_service !== "ens") throw conflict("parentDomain", `.${tld} is a TLD of the native registry.`);
    const registered = await registerName(tx, { name, ownerAddress, partnerId: input.partnerId });
    await tx.domain.update({ where: { id: registered.id }, data: { subdomainsEnabled: true } });
    await invalidate("name", name, tx);
    return registered;
  });
}
