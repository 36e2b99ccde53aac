// The availability check behind search, quotes and purchases is one statement for all the names
// asked: every state a name, its parent or the order holding it can be in gives its answer, and a
// search costs one query however many names it checks.
import { randomUUID } from "node:crypto";
import type { PaymentStatus, Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db, type Row } from "@/lib/db";
import { checkAvailability, type Availability } from "@/lib/market/catalogue";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
const DAY = 86_400_000;
const now = new Date();
const tag = randomUUID().slice(0, 6);
const at = (days: number) => new Date(now.getTime() + days * DAY);

beforeAll(async () => {
  app = await startTestApp();
  shop = await seedCatalogue();
});
afterAll(() => app?.close());

async function register(name: string, data: Prisma.DomainUpdateInput = {}) {
  await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER }));
  await db().domain.update({ where: { name }, data });
}

/** An order holding `domain` in `status`, its offer ending at `expiresAt`, with a payment when given. */
async function hold(
  domain: string,
  status: "PENDING" | "PAID" | "EXPIRED" | "FAILED",
  expiresAt: Date,
  payment?: { status?: PaymentStatus; amountReceived?: string; settlementDue?: boolean },
) {
  const id = randomUUID();
  const paymentId = randomUUID();
  await db().order.create({
    data: {
      id,
      domain,
      ownerAddress: OWNER,
      years: 1,
      basePriceCents: 1000,
      currency: "USD",
      price: "10.00",
      paymentType: "card",
      paymentReferenceId: paymentId,
      orderStatus: status,
      expiresAt,
    },
  });
  await db().nameReservation.create({ data: { domain, orderId: id } });
  if (payment)
    await db().payment.create({
      data: { id: paymentId, orderId: id, processor: "test", amountDue: "1000", ...payment },
    });
}

/** What `check` answers, and how many statements it sent to the database. */
async function counted(check: () => Promise<Availability[]>) {
  let statements = 0;
  const query = database().query;
  database().query = <T extends Row>(text: string, params?: unknown[]) => {
    statements++;
    return query.call(database(), text, params) as Promise<T[]>;
  };
  try {
    return { answers: await check(), statements };
  } finally {
    database().query = query;
  }
}

describe("checkAvailability", () => {
  test("names, parents and holds in every state, in one query", async () => {
    const n = (label: string) => `${label}${tag}.web3`;
    await register(n("forever"));
    await register(n("later"), { expiresAt: at(30) });
    await register(n("ingrace"), { expiresAt: at(-1) });
    await register(n("released"), { expiresAt: at(-400) });
    await register(n("off"));
    await register(n("noprice"), { subdomainsEnabled: true });
    await register(n("lapsed"), { subdomainsEnabled: true, subdomainPriceCents: 300, expiresAt: at(-1) });
    await hold(n("pending"), "PENDING", at(1));
    await hold(n("stale"), "PENDING", at(-1));
    await hold(n("stalecard"), "PENDING", at(-1), { status: "requires_payment_method" });
    await hold(n("processing"), "PENDING", at(-1), { status: "processing" });
    await hold(n("received"), "PENDING", at(-1), { amountReceived: "5", status: "pending" });
    await hold(n("settling"), "PENDING", at(-1), { settlementDue: true });
    await hold(n("paid"), "PAID", at(-1), { status: "succeeded" });
    await hold(n("expired"), "EXPIRED", at(-1));
    await hold(n("failed"), "FAILED", at(1));
    await hold(`held${tag}.${shop.parentName}`, "PENDING", at(1));
    // Read with the parent, so a card purchase knows whom it pays without a statement of its own.
    await db().partner.update({ where: { id: shop.partnerId }, data: { payoutAccountId: `acct_avail${tag}` } });

    const { answers, statements } = await counted(() =>
      checkAvailability(
        [
          n("free"),
          n("forever"),
          n("later"),
          n("ingrace"),
          n("released"),
          `shop${tag}.${shop.parentName}`,
          `held${tag}.${shop.parentName}`,
          `x.${n("nobody")}`,
          `x.${n("off")}`,
          `x.${n("noprice")}`,
          `x.${n("lapsed")}`,
          n("pending"),
          n("stale"),
          n("stalecard"),
          n("processing"),
          n("received"),
          n("settling"),
          n("paid"),
          n("expired"),
          n("failed"),
          `free${tag}.nosuchtld`,
          "bad!.web3",
          "web3",
          n("FREE"),
        ],
        now,
      ),
    );
    expect(statements).toBe(1);
    const parent = await db().domain.findUniqueOrThrow({ where: { name: shop.parentName } });
    const summary = answers.map((a) => (a.available ? "available" : a.reason));
    expect(summary).toEqual([
      "available",
      "taken",
      "taken",
      "grace",
      "available",
      "available",
      "reserved",
      "parent_not_configured",
      "parent_not_configured",
      "parent_not_configured",
      "parent_not_configured",
      "reserved",
      "available",
      "available",
      "reserved",
      "reserved",
      "reserved",
      "reserved",
      "available",
      "available",
      "unsupported_tld",
      "invalid",
      "invalid",
      "available",
    ]);
    expect(answers[0]).toEqual({
      available: true,
      name: n("free"),
      perYearCents: 1000,
      nameService: "native",
      parent: null,
    });
    expect(answers[2]).toMatchObject({ expiresAt: at(30), message: expect.stringContaining("registered until") });
    expect(answers[3]).toMatchObject({ expiresAt: at(-1), graceEndsAt: expect.any(Date) });
    expect(answers[5]).toEqual({
      available: true,
      name: `shop${tag}.${shop.parentName}`,
      perYearCents: 250,
      nameService: "native",
      parent: { id: parent.id, name: shop.parentName, partnerId: shop.partnerId, payoutAccountId: `acct_avail${tag}` },
    });
    expect(answers.slice(7, 11).map((a) => !a.available && a.message)).toEqual([
      `The parent domain ${n("nobody")} is not registered.`,
      `The parent domain ${n("off")} does not sell sub-domains.`,
      `The parent domain ${n("noprice")} has no sub-domain price.`,
      `The parent domain ${n("lapsed")} has expired.`,
    ]);
    expect(answers[11]).toMatchObject({ perYearCents: 1000, message: expect.stringContaining("reserved") });
    expect(answers[23]).toMatchObject({ available: true, name: n("free") });
  });

  test("only invalid names: no query at all", async () => {
    const { answers, statements } = await counted(() => checkAvailability(["bad!.web3", ""]));
    expect(statements).toBe(0);
    expect(answers.map((a) => !a.available && a.reason)).toEqual(["invalid", "invalid"]);
  });
});
