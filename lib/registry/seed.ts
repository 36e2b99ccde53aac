import "server-only";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { namehash } from "viem/ens";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { dropHere } from "@/lib/db/invalidation";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { createAccessToken, latestValidTill } from "@/lib/partners/access-tokens";
import { createPartner } from "@/lib/partners/create-partner";
import {
  ALICE_CONTENT_HASH,
  ALICE_DNS,
  ALICE_OWNER,
  ALICE_TEXT,
  ALICE_WALLETS,
  BOB_DNS,
  BOB_OWNER,
  BOB_TEXT,
  BOB_WALLETS,
  BRAND_OWNER,
  BRAND_PRICE_CENTS,
  DEMO_PARTNER_NAME,
  demoSubdomains,
} from "./demo-data";
import { forgetNativeTlds } from "@/lib/resolution/native-tlds";
import { registerName } from "./register-name";

const MARKER = "alice.web3";
const TOKEN_FILE = "demo-admin-token";
const YEAR_MS = 365 * 86_400_000;

/**
 * Seeds the demo data once: returns true when it did, false when it was already there (every
 * `npm start` calls this; a restart keeps existing data). The registry data goes in one
 * transaction, so a failed seed leaves nothing half-done behind.
 */
export async function seedDemoData(now = new Date()): Promise<boolean> {
  const tokenFile = path.resolve(config().DATA_DIR, TOKEN_FILE);
  if (await db().domain.findUnique({ where: { name: MARKER }, select: { id: true } })) {
    // The data survived but the token file did not (a new DATA_DIR on PostgreSQL): issue another.
    if (!existsSync(tokenFile)) await writeDemoToken(tokenFile, await demoPartnerId());
    return false;
  }

  // A partner left by an earlier failed seed is reused rather than duplicated.
  const existingPartnerId = await demoPartnerId();
  const created = existingPartnerId ? undefined : await createPartner(DEMO_PARTNER_NAME, now);
  const partnerId = existingPartnerId ?? created!.partner.id;
  await db().$transaction(
    async (tx) => {
      await tx.tld.createMany({ data: [{ name: "web3" }, { name: "meta" }], skipDuplicates: true });

      const alice = await registerName(tx, {
        name: "alice.web3",
        ownerAddress: ALICE_OWNER,
        wallets: ALICE_WALLETS,
        createdAt: now,
      });
      await tx.domain.update({ where: { id: alice.id }, data: { contentHash: ALICE_CONTENT_HASH } });
      await tx.dnsRecord.createMany({
        data: ALICE_DNS.map((record) => ({ id: randomUUID(), domainId: alice.id, ...record })),
      });
      await tx.textRecord.createMany({
        data: Object.entries(ALICE_TEXT).map(([key, value]) => ({ id: randomUUID(), domainId: alice.id, key, value })),
      });
      await tx.reverseRecord.create({ data: { address: ALICE_OWNER.toLowerCase(), domainId: alice.id } });

      const bob = await registerName(tx, {
        name: "bob.web3",
        ownerAddress: BOB_OWNER,
        wallets: BOB_WALLETS,
        createdAt: now,
      });
      await tx.dnsRecord.createMany({
        data: BOB_DNS.map((record) => ({ id: randomUUID(), domainId: bob.id, ...record })),
      });
      await tx.textRecord.createMany({
        data: Object.entries(BOB_TEXT).map(([key, value]) => ({ id: randomUUID(), domainId: bob.id, key, value })),
      });
      await tx.reverseRecord.create({ data: { address: BOB_OWNER.toLowerCase(), domainId: bob.id } });

      const expiresAt = new Date(now.getTime() + YEAR_MS);
      const brand = await registerName(tx, {
        name: "brand.web3",
        ownerAddress: BRAND_OWNER,
        partnerId,
        expiresAt,
        createdAt: new Date(now.getTime() - 100 * 86_400_000),
      });
      await tx.domain.update({
        where: { id: brand.id },
        data: { subdomainsEnabled: true, subdomainPriceCents: BRAND_PRICE_CENTS },
      });
      await registerName(tx, { name: "plain.web3", ownerAddress: BRAND_OWNER, partnerId, expiresAt, createdAt: now });

      // 2,500 rows in one statement, the columns as arrays; the parent's count and the per-day counts
      // follow in two more. Neither Prisma's createMany nor a VALUES list of 30,000 parameters: what
      // Prisma compiles for either stayed in memory after the seed (150,000 objects of its plan, or
      // 30,000 of its argument types) and grew its compiler's WebAssembly memory to 22 MB, so every
      // server that seeded began about 50 MB larger (npm run soak: 331 MB at most, 278 MB since).
      const subdomains = demoSubdomains(now);
      const names = subdomains.map((sub) => `${sub.label}.brand.web3`);
      const ids = subdomains.map(() => randomUUID());
      await run(
        sqlBuilder
          .insertInto("domain")
          .columns([
            "id",
            "name",
            "node",
            "label",
            "tld",
            "parent_id",
            "owner_address",
            "owner_key",
            "issued_to_key",
            "created_at",
            "registered_at",
            "updated_at",
          ])
          .expression((eb) =>
            eb
              .selectFrom(
                sql`unnest(${ids}::uuid[], ${names}::text[], ${names.map((name) => namehash(name))}::text[],
                  ${subdomains.map((sub) => sub.label)}::text[], ${subdomains.map((sub) => sub.ownerAddress)}::text[],
                  ${subdomains.map((sub) => sub.createdAt.toISOString())}::timestamptz[])`.as<"s">(
                  sql`s(id, name, node, label, owner, created_at)`,
                ),
              )
              .select([
                sql<string>`s.id`.as("id"),
                sql<string>`s.name`.as("name"),
                sql<string>`s.node`.as("node"),
                sql<string>`s.label`.as("label"),
                sql<string>`'web3'`.as("tld"),
                sql<string>`${brand.id}::uuid`.as("parent_id"),
                sql<string>`s.owner`.as("owner_address"),
                sql<string>`lower(s.owner)`.as("owner_key"),
                sql<string>`lower(s.owner)`.as("issued_to_key"),
                sql<Date>`s.created_at`.as("created_at"),
                sql<Date>`now()`.as("registered_at"),
                sql<Date>`now()`.as("updated_at"),
              ]),
          ),
        tx,
      );
      // Published here as registerName publishes each name it writes: a resolution that ran before
      // the seed (and read the registry's names, lib/resolution/registered-names.ts) must see these.
      dropHere(names.map((name) => ["name", name] as const));
      await run(
        sqlBuilder
          .updateTable("domain")
          .set((eb) => ({ subdomain_count: eb("subdomain_count", "+", subdomains.length) }))
          .where("id", "=", brand.id),
        tx,
      );
      await run(
        sqlBuilder
          .insertInto("subdomain_daily_count")
          .columns(["parent_id", "day", "count"])
          .expression((eb) =>
            eb
              .selectFrom("domain")
              .select([
                "parent_id",
                sql<Date>`(created_at AT TIME ZONE 'UTC')::date`.as("day"),
                sql<number>`count(*)`.as("count"),
              ])
              .where("parent_id", "=", brand.id)
              .groupBy(sql.raw("1, 2")),
          )
          .onConflict((conflict) =>
            conflict.columns(["parent_id", "day"]).doUpdateSet((eb) => ({ count: eb.ref("excluded.count") })),
          ),
        tx,
      );
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  forgetNativeTlds();

  if (created) saveToken(tokenFile, created.token.value);
  else await writeDemoToken(tokenFile, partnerId, now);
  return true;
}

async function demoPartnerId(): Promise<string | undefined> {
  return (
    await db().partner.findFirst({
      where: { name: DEMO_PARTNER_NAME },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    })
  )?.id;
}

async function writeDemoToken(file: string, partnerId: string | undefined, now = new Date()): Promise<void> {
  if (!partnerId) return;
  const validTill = new Date(Math.min(now.getTime() + YEAR_MS, latestValidTill(now).getTime()));
  const token = await createAccessToken(partnerId, {
    label: "demo admin token",
    type: "ADMIN",
    validFrom: now,
    validTill,
  });
  saveToken(file, token.value);
}

function saveToken(file: string, value: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
}
