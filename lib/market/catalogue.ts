import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { db } from "@/lib/db";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import { graceEndsAt, nameState } from "@/lib/registry/name-lifecycle";
import { tldNamePricePerYearCents } from "./pricing";
import { hasMoneyInPlay, PAYMENT_IN_PLAY } from "./reserve-name";

// What the marketplace sells: second-level names under the native TLDs, and sub-domains of parent
// domains that sell them (issuance enabled, a price set, not expired). Availability adds the names
// already registered and the names held by an order still awaiting payment.

type Client = PrismaClient | Prisma.TransactionClient;

export type UnavailableReason =
  "taken" | "grace" | "reserved" | "invalid" | "unsupported_tld" | "parent_not_configured";

export interface ForSale {
  available: true;
  /** Normalized name, as it will be registered. */
  name: string;
  perYearCents: number;
  parent: { id: string; name: string; partnerId: string | null } | null;
}

export interface NotForSale {
  available: false;
  name: string;
  reason: UnavailableReason;
  message: string;
  /** Price a valid name would have; absent for invalid names and names without a catalogue. */
  perYearCents?: number;
  /** Taken and grace: when the registration ends (ended), and when its grace period ends. */
  expiresAt?: Date;
  graceEndsAt?: Date;
}

export type Availability = ForSale | NotForSale;

const MAX_LABEL_BYTES = 63;

interface Parsed {
  input: string;
  name?: string;
  problem?: NotForSale;
}

function parse(input: string): Parsed {
  let name: string;
  try {
    name = normalizeWeb3Name(input);
  } catch (error) {
    const message = error instanceof InvalidNameError ? error.message : "The name is not valid.";
    return { input, problem: { available: false, name: input.trim(), reason: "invalid", message } };
  }
  const labels = name.split(".");
  if (labels.length < 2) {
    return {
      input,
      problem: {
        available: false,
        name,
        reason: "invalid",
        message: "A name for sale has a label and a TLD, e.g. alice.web3.",
      },
    };
  }
  const long = labels.find((label) => Buffer.byteLength(label) > MAX_LABEL_BYTES);
  if (long)
    return {
      input,
      problem: {
        available: false,
        name,
        reason: "invalid",
        message: `Each label may hold at most ${MAX_LABEL_BYTES} bytes.`,
      },
    };
  return { input, name };
}

/** Availability and price of each name, in the order given; one round of queries for all of them. */
export async function checkAvailability(
  inputs: string[],
  options: { client?: Client; now?: Date } = {},
): Promise<Availability[]> {
  const client = options.client ?? db();
  const now = options.now ?? new Date();
  const parsed = inputs.map(parse);
  const names = [...new Set(parsed.flatMap((p) => (p.name ? [p.name] : [])))];
  if (names.length === 0) return parsed.map((p) => p.problem!);

  const parentNames = [
    ...new Set(names.filter((n) => n.split(".").length > 2).map((n) => n.slice(n.indexOf(".") + 1))),
  ];
  const tldNames = [...new Set(names.map((n) => n.slice(n.lastIndexOf(".") + 1)))];
  const [tlds, registered, parents, reservations] = await Promise.all([
    client.tld.findMany({ where: { name: { in: tldNames } }, select: { name: true } }),
    client.domain.findMany({ where: { name: { in: names } }, select: { name: true, expiresAt: true } }),
    parentNames.length
      ? client.domain.findMany({
          where: { name: { in: parentNames } },
          select: {
            id: true,
            name: true,
            partnerId: true,
            subdomainsEnabled: true,
            subdomainPriceCents: true,
            expiresAt: true,
          },
        })
      : Promise.resolve([]),
    client.nameReservation.findMany({ where: { domain: { in: names } }, select: { domain: true, orderId: true } }),
  ]);
  const heldBy = await activeHolds(client, reservations, now);
  const tldSet = new Set(tlds.map((t) => t.name));
  // A name past its grace period is back on the market: for sale as if it were not registered.
  const registeredByName = new Map(
    registered.filter((d) => nameState(d.expiresAt, now) !== "released").map((d) => [d.name, d.expiresAt]),
  );
  const parentByName = new Map(parents.map((p) => [p.name, p]));

  return parsed.map((p): Availability => {
    if (p.problem) return p.problem;
    const name = p.name!;
    const labels = name.split(".");
    const tld = labels[labels.length - 1];
    if (!tldSet.has(tld)) {
      return {
        available: false,
        name,
        reason: "unsupported_tld",
        message: `.${tld} is not a TLD of the native registry.`,
      };
    }
    let perYearCents: number;
    let parent: ForSale["parent"] = null;
    if (labels.length === 2) {
      perYearCents = tldNamePricePerYearCents(labels[0]);
    } else {
      const parentName = labels.slice(1).join(".");
      const row = parentByName.get(parentName);
      const problem = !row
        ? `The parent domain ${parentName} is not registered.`
        : !row.subdomainsEnabled
          ? `The parent domain ${parentName} does not sell sub-domains.`
          : row.subdomainPriceCents === null
            ? `The parent domain ${parentName} has no sub-domain price.`
            : row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()
              ? `The parent domain ${parentName} has expired.`
              : undefined;
      if (problem || !row) return { available: false, name, reason: "parent_not_configured", message: problem! };
      perYearCents = row.subdomainPriceCents!;
      parent = { id: row.id, name: row.name, partnerId: row.partnerId };
    }
    if (registeredByName.has(name)) return registeredProblem(name, registeredByName.get(name)!, perYearCents, now);
    if (heldBy.has(name)) {
      return {
        available: false,
        name,
        reason: "reserved",
        message: `${name} is reserved by an order awaiting payment.`,
        perYearCents,
      };
    }
    return { available: true, name, perYearCents, parent };
  });
}

function registeredProblem(name: string, expiresAt: Date | null, perYearCents: number, now: Date): NotForSale {
  if (expiresAt === null)
    return { available: false, name, reason: "taken", message: `${name} is already registered.`, perYearCents };
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const graceEnd = graceEndsAt(expiresAt);
  if (nameState(expiresAt, now) === "grace") {
    return {
      available: false,
      name,
      reason: "grace",
      message:
        `${name} expired on ${day(expiresAt)} and is in its grace period: anyone may renew it until ` +
        `${day(graceEnd)}; after that it returns to the market.`,
      perYearCents,
      expiresAt,
      graceEndsAt: graceEnd,
    };
  }
  return {
    available: false,
    name,
    reason: "taken",
    message: `${name} is registered until ${day(expiresAt)}.`,
    perYearCents,
    expiresAt,
    graceEndsAt: graceEnd,
  };
}

/** Names whose reservation still belongs to a live order; a hold of an unpaid, expired offer no longer counts. */
async function activeHolds(
  client: Client,
  reservations: { domain: string; orderId: string }[],
  now: Date,
): Promise<Set<string>> {
  if (reservations.length === 0) return new Set();
  const orders = await client.order.findMany({
    where: { id: { in: reservations.map((r) => r.orderId) } },
    select: { id: true, orderStatus: true, expiresAt: true, payment: { select: PAYMENT_IN_PLAY } },
  });
  const live = new Set(
    orders
      .filter(
        (o) =>
          o.orderStatus === "PAID" ||
          (o.orderStatus === "PENDING" &&
            (o.expiresAt === null || o.expiresAt.getTime() > now.getTime() || hasMoneyInPlay(o.payment))),
      )
      .map((o) => o.id),
  );
  return new Set(reservations.filter((r) => live.has(r.orderId)).map((r) => r.domain));
}
