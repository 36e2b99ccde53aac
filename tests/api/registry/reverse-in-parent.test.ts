// Endpoint 6's answer (lib/registry/reverse-resolve-in-parent.ts): the address's primary name in
// the parent when its ETH record is the address, before the newest name issued to it that it still
// owns, whatever their ages. The issued candidate is the newest of its own kind only: a statement
// that ordered and cut the union as a whole would answer the newest name of either kind.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDatabase, db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { demoAddress } from "@/lib/registry/demo-data";
import { registerName } from "@/lib/registry/register-name";
import { reverseResolveInParent } from "@/lib/registry/reverse-resolve-in-parent";
import { openTestDatabase } from "@/tests/support/app";

const ADDRESS = demoAddress("reverse in parent").toLowerCase();
const ELSEWHERE = demoAddress("someone else").toLowerCase();
const DAY = 86_400_000;
const start = Date.now() - 30 * DAY;

let drop: () => Promise<void>;
beforeAll(async () => {
  drop = (await openTestDatabase()).drop;
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  const { partner } = await createPartner("Reverse Partner");
  await db().$transaction((tx) => registerName(tx, { name: "rev.web3", ownerAddress: ADDRESS, partnerId: partner.id }));
});
afterAll(async () => {
  await closeDatabase();
  await drop();
});

async function sub(label: string, daysIn: number, options: { issuedTo?: string; eth?: string } = {}) {
  const { id } = await db().$transaction((tx) =>
    registerName(tx, {
      name: `${label}.rev.web3`,
      ownerAddress: ADDRESS,
      createdAt: new Date(start + daysIn * DAY),
      wallets: options.eth ? [{ coin: "ETH", version: "NATIVE", coinType: 60, address: options.eth }] : [],
    }),
  );
  if (options.issuedTo) await db().domain.update({ where: { id }, data: { issuedToKey: options.issuedTo } });
  return id;
}

const answer = async () => (await reverseResolveInParent("rev.web3", ADDRESS.toUpperCase().replace("0X", "0x"))).domain;

test("the newest name issued to the address that it owns; its primary name before any issued one", async () => {
  await sub("older", 1, { issuedTo: ADDRESS });
  await sub("newer", 2, { issuedTo: ADDRESS });
  // Issued to another address, or bought by this one: never the answer however new.
  await sub("theirs", 3, { issuedTo: ELSEWHERE });
  await sub("bought", 4);
  expect(await answer()).toBe("newer.rev.web3");

  // Chosen as primary: the answer although older than every issued name.
  const chosen = await sub("chosen", 0, { eth: ADDRESS });
  await db().reverseRecord.create({ data: { address: ADDRESS, domainId: chosen } });
  expect(await answer()).toBe("chosen.rev.web3");

  // A primary name whose ETH record is no longer the address is passed over for the issued one.
  await db().walletRecord.updateMany({ where: { domainId: chosen }, data: { address: ELSEWHERE } });
  expect(await answer()).toBe("newer.rev.web3");
  await db().walletRecord.updateMany({ where: { domainId: chosen }, data: { address: ADDRESS } });

  // An expired primary name is passed over too; an issued name past its expiry as well.
  await db().domain.update({ where: { id: chosen }, data: { expiresAt: new Date(Date.now() - DAY) } });
  expect(await answer()).toBe("newer.rev.web3");
  await db().domain.updateMany({ where: { name: "newer.rev.web3" }, data: { expiresAt: new Date(Date.now() - DAY) } });
  expect(await answer()).toBe("older.rev.web3");
});

test("an address with neither is 404 naming ethAddress", async () => {
  await expect(reverseResolveInParent("rev.web3", demoAddress(randomUUID()))).rejects.toMatchObject({
    status: 404,
    items: [{ field: "ethAddress" }],
  });
});
