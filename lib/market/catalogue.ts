import "server-only";
import type { OrderStatus } from "@prisma/client";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import { graceEndsAt, nameState } from "@/lib/registry/name-lifecycle";
import { tldNamePricePerYearCents } from "./pricing";
import { hasMoneyInPlay } from "./reserve-name";

// What the marketplace sells: second-level names under the native TLDs, and sub-domains of parent
// domains that sell them (issuance enabled, a price set, not expired). Availability adds the names
// already registered and the names held by an order still awaiting payment.

export type UnavailableReason =
  "taken" | "grace" | "reserved" | "invalid" | "unsupported_tld" | "parent_not_configured";

export interface ForSale {
  available: true;
  /** Normalized name, as it will be registered. */
  name: string;
  perYearCents: number;
  /** Who answers for the name once sold: the native registry, or ENS (through our gateway). */
  nameService: "native" | "ens";
  /** A sub-domain's parent; `payoutAccountId` is where its partner's card sales are paid (never shown to buyers). */
  parent: { id: string; name: string; partnerId: string | null; payoutAccountId: string | null } | null;
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

// One statement for every name asked: its TLD, its registration, its parent domain (names of three
// labels or more) and the order holding it with that order's payment. Indexed lookups by primary
// or unique key; a search or a quote costs one round trip and no query compilation. Each lookup is
// a LATERAL subquery with LIMIT 1, planned on its own: as one seven-table join the planner spent
// ~3 ms per execution choosing a join order (on PGlite, on the database's only thread).
// One row per name: the name's registration (d), its parent (pd) and the order holding it (h).
const availabilityOf = prepared((names: string[], tlds: string[], parents: (string | null)[]) =>
  sqlBuilder
    .selectFrom(
      sql<{
        name: string;
        tld: string;
        parent: string | null;
      }>`unnest(${names}::text[], ${tlds}::text[], ${parents}::text[])`.as<"n">(sql`n(name, tld, parent)`),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("domain")
          .select(["name", "expires_at", "suspended_at"])
          .whereRef("name", "=", "n.name")
          .limit(sql.lit(1))
          .as("d"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("domain as parent")
          .select((eb) => [
            "parent.id",
            "parent.name",
            "parent.partner_id",
            "parent.subdomains_enabled",
            "parent.subdomain_price_cents",
            "parent.expires_at",
            eb
              .selectFrom("partner")
              .select("payout_account_id")
              .whereRef("partner.id", "=", "parent.partner_id")
              .as("payout_account_id"),
          ])
          .whereRef("parent.name", "=", "n.parent")
          .limit(sql.lit(1))
          .as("pd"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("name_reservation as r")
          .innerJoin("order as o", "o.id", "r.order_id")
          .leftJoin("payment as p", "p.order_id", "o.id")
          .select([
            "o.id as order_id",
            sql<OrderStatus>`o.order_status::text`.as("order_status"),
            "o.expires_at",
            "p.settlement_due",
            "p.status",
            "p.amount_received",
            "p.in_flight_until",
          ])
          .whereRef("r.domain", "=", "n.name")
          .limit(sql.lit(1))
          .as("h"),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      "n.name",
      // native, ens (a partner's ENS parent lives under it), or null: no TLD of ours.
      eb.selectFrom("tld").select("tld.name_service").whereRef("tld.name", "=", "n.tld").as("tld_service"),
      eb("d.name", "is not", null).$castTo<boolean>().as("registered"),
      "d.expires_at",
      eb("d.suspended_at", "is not", null).$castTo<boolean>().as("suspended"),
      "pd.id as parent_id",
      "pd.name as parent_name",
      "pd.partner_id as parent_partner_id",
      "pd.subdomains_enabled as parent_subdomains_enabled",
      "pd.subdomain_price_cents as parent_subdomain_price_cents",
      "pd.expires_at as parent_expires_at",
      "pd.payout_account_id as parent_payout_account_id",
      "h.order_id as hold_order_id",
      "h.order_status as hold_order_status",
      "h.expires_at as hold_expires_at",
      "h.settlement_due as hold_settlement_due",
      "h.status as hold_payment_status",
      "h.amount_received as hold_amount_received",
      "h.in_flight_until as hold_in_flight_until",
    ]),
);
type AvailabilityRow = Awaited<ReturnType<typeof availabilityOf>>[number];

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Availability and price of each name, in the order given; one query for all of them. */
export async function checkAvailability(inputs: string[], now = new Date()): Promise<Availability[]> {
  const parsed = inputs.map(parse);
  const names = [...new Set(parsed.flatMap((p) => (p.name ? [p.name] : [])))];
  if (names.length === 0) return parsed.map((p) => p.problem!);

  const rows = await availabilityOf([
    names,
    names.map((n) => n.slice(n.lastIndexOf(".") + 1)),
    names.map((n) => (n.split(".").length > 2 ? n.slice(n.indexOf(".") + 1) : null)),
  ]);
  const rowOf = new Map(rows.map((row) => [row.name, row]));

  return parsed.map((p): Availability => {
    if (p.problem) return p.problem;
    const name = p.name!;
    const row = rowOf.get(name)!;
    const labels = name.split(".");
    const tld = labels[labels.length - 1];
    // Under ENS's TLD only sub-names of a partner's ENS parent (label.brand.eth) are for sale: the
    // second-level names are ENS's own, registered on chain.
    const sold = row.tld_service === "native" || (row.tld_service === "ens" && labels.length > 2);
    if (!sold) {
      return {
        available: false,
        name,
        reason: "unsupported_tld",
        message:
          row.tld_service === "ens"
            ? `.${tld} names are registered on ENS itself; only sub-names of a partner's ENS parent are sold here.`
            : `.${tld} is not a TLD of the native registry.`,
      };
    }
    let perYearCents: number;
    let parent: ForSale["parent"] = null;
    if (labels.length === 2) {
      perYearCents = tldNamePricePerYearCents(labels[0]);
    } else {
      const parentName = labels.slice(1).join(".");
      const parentExpiresAt = toDate(row.parent_expires_at);
      const problem =
        row.parent_id === null
          ? row.tld_service === "ens"
            ? `${parentName} is not an ENS parent domain of any partner here.`
            : `The parent domain ${parentName} is not registered.`
          : !row.parent_subdomains_enabled
            ? `The parent domain ${parentName} does not sell sub-domains.`
            : row.parent_subdomain_price_cents === null
              ? `The parent domain ${parentName} has no sub-domain price.`
              : parentExpiresAt !== null && parentExpiresAt.getTime() <= now.getTime()
                ? `The parent domain ${parentName} has expired.`
                : undefined;
      if (problem) return { available: false, name, reason: "parent_not_configured", message: problem };
      perYearCents = row.parent_subdomain_price_cents!;
      parent = {
        id: row.parent_id!,
        name: row.parent_name!,
        partnerId: row.parent_partner_id,
        payoutAccountId: row.parent_payout_account_id,
      };
    }
    // A name past its grace period is back on the market: for sale as if it were not registered.
    const expiresAt = toDate(row.expires_at);
    // A suspended name (its payment was reversed) is never released: nobody may buy or renew it.
    if (row.registered && row.suspended)
      return {
        available: false,
        name,
        reason: "taken",
        message: `${name} is suspended (its payment was reversed) and is not for sale.`,
        perYearCents,
      };
    if (row.registered && nameState(expiresAt, now) !== "released")
      return registeredProblem(name, expiresAt, perYearCents, now);
    if (holdIsLive(row, now)) {
      return {
        available: false,
        name,
        reason: "reserved",
        message: `${name} is reserved by an order awaiting payment.`,
        perYearCents,
      };
    }
    return { available: true, name, perYearCents, nameService: row.tld_service === "ens" ? "ens" : "native", parent };
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

/** The name's reservation still belongs to a live order; a hold of an unpaid, expired offer no longer counts. */
function holdIsLive(row: AvailabilityRow, now: Date): boolean {
  if (row.hold_order_id === null) return false;
  if (row.hold_order_status === "PAID") return true;
  if (row.hold_order_status !== "PENDING") return false;
  const expiresAt = toDate(row.hold_expires_at);
  if (expiresAt === null || expiresAt.getTime() > now.getTime()) return true;
  return (
    row.hold_payment_status !== null &&
    hasMoneyInPlay(
      {
        settlementDue: row.hold_settlement_due!,
        status: row.hold_payment_status,
        amountReceived: row.hold_amount_received!,
        inFlightUntil: toDate(row.hold_in_flight_until),
      },
      now,
    )
  );
}
