// Property-based fuzzing of every endpoint with fast-check: generated batches of valid-ish and
// hostile requests over real HTTP. Properties: never a 5xx; every body is one of the interface's
// shapes for that endpoint (success schema, ErrorResponse or ErrorsResponse, `{message}` for 405);
// and a batch answered only with 4xx (and reads) leaves every table exactly as it was.
//
// FUZZ_SEED overrides the fixed seed; FUZZ_REQUESTS the number of requests (10,000 by default);
// FUZZ_DUMP=<file> writes a failing batch as JSON for replay; FUZZ_SHRINK=1 lets fast-check shrink it.
// Every name service is configured (ENS and UNS on a local chain, DNS on a local server), so no
// 503 "not configured" is expected either.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { createAccessToken, deleteAccessTokenOfPartner } from "@/lib/partners/access-tokens";
import { signToken } from "@/lib/partners/jwt";
import { registerName } from "@/lib/registry/register-name";
import { listApiRoutes } from "@/lib/server/router";
import { createWebhookEndpoint, sendTestEvent } from "@/lib/webhooks/endpoints";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";
import { startDnsServer, type DnsTestServer } from "@/tests/support/dns-server";
import { deployEns } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { BTC_WALLET, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { ethWallet, newAccount, registerOwned, signIn, signInMessage } from "@/tests/support/owner-fixtures";
import { registerEnsParent } from "@/lib/registry/ens-parent";
import { deployUns } from "@/tests/support/uns-deploy";
import {
  endpointSpecs,
  FUZZ_ENS_RESOLVER,
  FUZZ_ENS_SIGNER_KEY,
  otherMethodArb,
  PROMETHEUS_TEXT,
  StrictErrorResponse,
  StrictErrorsResponse,
  StrictServerError,
  type EndpointSpec,
  type FuzzRequest,
  type FuzzWorld,
} from "./request-arbitraries";

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
// Over two instances every request first waits on a cross-instance barrier, so that run sends a
// sample; the 10,000 run on one instance (PGlite and PostgreSQL) is the property check.
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (process.env.TEST_INSTANCES === "2" ? 1_000 : 10_000));
// Small enough that many batches hold no successful write (those are compared table by table).
const BATCH_SIZE = 20;
const CONCURRENCY = 6;

// Tables whose rows change on reads by design, not by a request's data: the shared rate-limit
// counters (disabled here, but excluded on principle) and Prisma's migration ledger.
const BOOKKEEPING_TABLES = new Set(["rate_limit_window", "_prisma_migrations"]);

let app: TestApp;
let node: EvmNode;
let dns: DnsTestServer;
let world: FuzzWorld;
let specs: EndpointSpec[];
let tables: string[];

const stats = {
  requests: 0,
  batches: 0,
  comparedBatches: 0,
  byStatus: new Map<number, number>(),
  byEndpoint: new Map<string, Map<number, number>>(),
};

beforeAll(async () => {
  node = await startEvmNode({ chainId: 1 });
  const [ens, uns] = [await deployEns(node), await deployUns(node)];
  await ens.register("vitalik.eth");
  dns = await startDnsServer({ "example.com": [{ type: "A", ttl: 300, address: "192.0.2.7" }] });
  app = await startTestApp({
    RATE_LIMIT_ENABLED: false,
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    UNS_PROXY_READER_ADDRESS: uns.proxyReader,
    DNS_SERVERS: dns.address,
    ENS_RESOLVERS: `1:${FUZZ_ENS_RESOLVER}`,
    ENS_GATEWAY_SIGNER_KEY: FUZZ_ENS_SIGNER_KEY,
    // The local peers answer in milliseconds; the bound only has to hold on a loaded machine, where
    // a batch of 25 requests over the local chain once took longer than 2 s (a 504 outside the interface).
    RESOLUTION_TIMEOUT_MS: 15_000,
  });
  world = await buildWorld();
  specs = endpointSpecs(world);
  tables = (
    await database().query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND " +
        "table_type = 'BASE TABLE' ORDER BY 1",
    )
  )
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await dns?.stop();
  await node?.stop();
});

async function buildWorld(): Promise<FuzzWorld> {
  const { partnerId, adminToken, parentName } = await seedCatalogue();
  const other = await seedCatalogue();
  const hour = 3_600_000;
  const window = (from: number, till: number) => ({
    validFrom: new Date(Date.now() + from),
    validTill: new Date(Date.now() + till),
  });
  const customer = await createAccessToken(partnerId, { label: "customer", type: "CUSTOMER", ...window(-hour, hour) });
  const expired = await createAccessToken(partnerId, { label: "expired", type: "ADMIN", ...window(-2 * hour, -hour) });
  const deleted = await createAccessToken(partnerId, { label: "deleted", type: "ADMIN", ...window(-hour, hour) });
  await deleteAccessTokenOfPartner(partnerId, deleted.id);
  const disposable = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      createAccessToken(partnerId, { label: `disposable ${i}`, type: "CUSTOMER", ...window(-hour, hour) }),
    ),
  );
  const [, payload] = adminToken.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const names = ["alice.web3", "bob.meta", `shop.${parentName}`];
  await db().$transaction(async (tx) => {
    await registerName(tx, {
      name: "alice.web3",
      ownerAddress: OWNER,
      partnerId,
      wallets: [{ coin: "ETH", version: "NATIVE", coinType: 60, address: ETH_WALLET }],
    });
    await registerName(tx, { name: "bob.meta", ownerAddress: ETH_WALLET, partnerId });
    await registerName(tx, { name: `shop.${parentName}`, ownerAddress: OWNER, partnerId });
  });
  await registerEnsParent({ partnerId, name: "brand.eth", ownerAddress: OWNER });
  await db().$transaction((tx) => registerName(tx, { name: "alice.brand.eth", ownerAddress: OWNER }));

  // A card order with its test session, and a crypto order, so order reads and payments find something.
  const base = { ownerAddress: OWNER, partnerId, walletAddrs: [{ coinId: 60, addr: ETH_WALLET }], years: 1 };
  const orderIds: string[] = [];
  const clientSecrets: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { ...base, checkoutId: randomUUID(), domain: `fuzzcard${i}.web3` },
    });
    expect(res.status).toBe(200);
    const started = await res.json();
    orderIds.push(started.orderId);
    clientSecrets.push(started.processorCheckoutSession);
  }
  const crypto = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: { ...base, domain: "fuzzcrypto.web3", currency: "ETH", ownerEmail: "a@example.com", ownerName: "A" },
  });
  expect(crypto.status).toBe(200);
  orderIds.push((await crypto.json()).orderId);

  // The owner side: an account signed in, two names whose ETH record is its own, sessions the
  // fuzzer may sign out, and sign-in messages signed for the host the fuzzer sends to.
  const account = newAccount();
  const ownedNames = ["fuzzowner.web3", "fuzzowner2.meta"];
  for (const name of ownedNames) await registerOwned(name, account.address, { wallets: [ethWallet(account.address)] });
  const host = new URL(app.baseUrl).host;
  const signIns = await Promise.all(Array.from({ length: 20 }, () => signInMessage(app, account, { domain: host })));

  await db().$transaction((tx) => registerName(tx, { name: `fuzzrevoke.${parentName}`, ownerAddress: OWNER }));
  const webhook = await createWebhookEndpoint(partnerId, {
    url: "https://93.184.215.14/fuzz",
    events: ["subname.created", "subname.revoked"],
  });
  return {
    signedIn: {
      address: account.address,
      token: await signIn(app, account),
      names: ownedNames,
      disposableTokens: await Promise.all(Array.from({ length: 10 }, () => signIn(app, account))),
      signIns,
    },
    tokens: {
      admin: adminToken,
      customer: customer.value,
      otherAdmin: other.adminToken,
      expired: expired.value,
      deleted: deleted.value,
      forged: [
        adminToken.split(".")[0],
        b64({ ...claims, typ: "ADMIN", sub: other.partnerId }),
        adminToken.split(".")[2],
      ].join("."),
      algNone: `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
      otherKey: signToken(claims, `${TEST_JWT_SECRET}-but-another-key`),
    },
    partnerId,
    otherPartnerId: other.partnerId,
    parentName,
    otherParentName: other.parentName,
    names,
    owner: OWNER,
    ethWallet: ETH_WALLET,
    btcWallet: BTC_WALLET,
    orderIds,
    clientSecrets,
    disposableTokenIds: disposable.map((t) => t.id),
    otherPartnerTokenId: (await db().accessToken.findFirstOrThrow({ where: { partnerId: other.partnerId } })).id,
    webhookId: webhook.id,
    webhookDeliveryId: (await sendTestEvent(partnerId, webhook.id)).id,
    disposableWebhookId: (
      await createWebhookEndpoint(partnerId, { url: "https://93.184.215.14/gone", events: ["subname.created"] })
    ).id,
    revocableLabel: "fuzzrevoke",
  };
}

/** Row count and a hash of the contents of every table, in one statement. */
async function snapshot(): Promise<Record<string, string>> {
  const sql = tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY ` +
        `t::text)), '') AS digest FROM "${table}" t`,
    )
    .join(" UNION ALL ");
  const rows = await database().query<{ name: string; digest: string }>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

interface Outcome {
  request: FuzzRequest;
  status: number;
  ms: number;
  violation?: string;
}

const ANSWER_WITHIN_MS = 10_000;

async function send(request: FuzzRequest): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(app.baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await res.text();
    return { request, status: res.status, ms: ms(), violation: violationOf(request, res, text) };
  } catch (error) {
    return {
      request,
      status: 0,
      ms: ms(),
      violation: `no answer within ${ANSWER_WITHIN_MS} ms: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function violationOf(request: FuzzRequest, res: Response, text: string): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${text.slice(0, 300)}`;
  if (request.method === "HEAD") return text === "" ? undefined : "HEAD answered with a body";
  if (request.method === "OPTIONS")
    return res.status === 204 && text === "" ? undefined : `preflight answered ${res.status} ${text.slice(0, 100)}`;
  const spec = specs.find((s) => request.endpoint === s.name)!;
  let schema;
  if (res.status === 405) schema = StrictServerError;
  else if (request.unserved) return `${request.method} answered ${res.status}, not 405`;
  else if (res.status < 300) {
    schema = spec.success[res.status];
    if (schema === undefined) return `unexpected success status ${res.status}: ${text.slice(0, 200)}`;
    if (schema === null) return text === "" ? undefined : `status ${res.status} with a body`;
    if (schema === PROMETHEUS_TEXT)
      return /^text\/plain; version=0\.0\.4\b/.test(res.headers.get("content-type") ?? "") && /^# HELP /m.test(text)
        ? undefined
        : `status ${res.status} not in Prometheus' text format: ${text.slice(0, 100)}`;
  } else schema = spec.errors === "single" ? StrictErrorResponse : StrictErrorsResponse;
  if (!/^application\/json\b/.test(res.headers.get("content-type") ?? ""))
    return `content-type ${res.headers.get("content-type")} on ${res.status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${res.status} with a body that is not JSON: ${text.slice(0, 100)}`;
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? undefined
    : `status ${res.status} body outside its shape: ${text.slice(0, 300)} (${parsed.error.issues[0]?.message})`;
}

async function runBatch(batch: FuzzRequest[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(batch.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batch.length) {
        const index = next++;
        outcomes[index] = await send(batch[index]);
      }
    }),
  );
  return outcomes;
}

function record(outcome: Outcome) {
  stats.requests++;
  stats.byStatus.set(outcome.status, (stats.byStatus.get(outcome.status) ?? 0) + 1);
  const perEndpoint = stats.byEndpoint.get(outcome.request.endpoint) ?? new Map<number, number>();
  perEndpoint.set(outcome.status, (perEndpoint.get(outcome.status) ?? 0) + 1);
  stats.byEndpoint.set(outcome.request.endpoint, perEndpoint);
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.path.slice(0, 300)} ${JSON.stringify(r.headers).slice(0, 200)} ` +
  `${(r.body ?? "").slice(0, 300)}${(r.body?.length ?? 0) > 300 ? `… (${r.body!.length} chars)` : ""}`;

describe("fuzzing every endpoint", () => {
  // The specs are keyed by route; a route file the router serves without a spec here fails, so a
  // new route cannot be left unfuzzed.
  test("every route the router serves has a fuzz spec, and every spec a route", async () => {
    const routes = (await listApiRoutes()).map((route) => route.key);
    const fuzzed = specs.map((spec) => spec.name);
    expect(routes.filter((key) => !fuzzed.includes(key))).toEqual([]);
    expect(fuzzed.filter((key) => !routes.includes(key))).toEqual([]);
  });

  test("each spec judges refusals by the error shape its endpoint() declares", async () => {
    const declared = new Map((await listApiRoutes()).map((route) => [route.key, route.declaration?.errors]));
    const disagreeing = specs.filter((spec) => declared.get(spec.name) !== spec.errors).map((spec) => spec.name);
    expect(disagreeing).toEqual([]);
  });

  test(
    `at least ${TOTAL_REQUESTS} generated requests: ` + "no 5xx, only the interface's shapes, 4xx change nothing",
    async () => {
      console.log(
        `[fuzz] seed ${SEED} (override with FUZZ_SEED), ${TOTAL_REQUESTS} requests in batches of ${BATCH_SIZE}`,
      );
      const started = performance.now();
      // Other methods in proportion to the routes (about 40 such requests per route), so the coverage
      // check below does not hang on chance for routes that only refuse or accept that way.
      const requestArb = fc.oneof(...specs.map((spec) => ({ weight: 10, arbitrary: spec.arbitrary })), {
        weight: 2 * specs.length,
        arbitrary: otherMethodArb(specs),
      });
      const property = fc.asyncProperty(
        fc.array(requestArb, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }),
        async (batch) => {
          const before = await snapshot();
          const outcomes = await runBatch(batch);
          outcomes.forEach(record);
          stats.batches++;
          const violations = outcomes
            .filter((o) => o.violation)
            .map((o) => `${o.violation}\n    request: ${describeRequest(o.request)}`);
          if (violations.length > 0) {
            if (process.env.FUZZ_DUMP) writeFileSync(process.env.FUZZ_DUMP, JSON.stringify(batch));
            const batchSummary = outcomes
              .map((o) => `${o.status} ${o.ms} ms ${describeRequest(o.request).slice(0, 160)}`)
              .join("\n  ");
            throw new Error(
              `answers outside the interface:\n  ${violations.join("\n  ")}\n  the whole batch:\n  ${batchSummary}`,
            );
          }
          // Only batches without a successful write can be compared: reads and refusals must change nothing.
          const wrote = outcomes.some((o) => o.status < 300 && !["GET", "HEAD", "OPTIONS"].includes(o.request.method));
          if (wrote) return;
          stats.comparedBatches++;
          const after = await snapshot();
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length > 0) {
            const summary = outcomes.map((o) => `${o.status} ${describeRequest(o.request)}`).join("\n  ");
            throw new Error(`tables ${changed.join(", ")} changed in a batch of refusals and reads:\n  ${summary}`);
          }
        },
      );
      await fc.assert(property, {
        seed: SEED,
        numRuns: Math.ceil(TOTAL_REQUESTS / BATCH_SIZE),
        // Shrinking replays batches against a database the failing batch already changed, and a
        // timeout costs 10 s per replay: off unless FUZZ_SHRINK=1; the failing batch is printed whole.
        endOnFailure: process.env.FUZZ_SHRINK !== "1",
        interruptAfterTimeLimit: 400_000,
        reporter: (details) => {
          if (!details.failed) return;
          const cause =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(`seed ${details.seed}, path ${details.counterexamplePath}: ${cause}`);
        },
      });

      const seconds = (performance.now() - started) / 1000;
      console.log(
        `[fuzz] ${stats.requests} requests in ${seconds.toFixed(1)} s; ` +
          `${stats.comparedBatches}/${stats.batches} batches compared table by table`,
      );
      console.log(
        `[fuzz] statuses: ${[...stats.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
      );
      for (const [name, statuses] of [...stats.byEndpoint].sort(([a], [b]) => a.localeCompare(b))) {
        console.log(
          `[fuzz]   ${name.padEnd(56)} ${[...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(" ")}`,
        );
      }
      expect(stats.requests).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
      // Enough batches hold no successful write that the "4xx changes nothing" property is really
      // exercised (about 4 in 10 do with today's generators; a quarter leaves room for the seed).
      expect(stats.comparedBatches).toBeGreaterThan(stats.batches / 4);
      // Every endpoint answered at least one request with success and one with a refusal (a
      // coverage check of the generators, meaningful for the full run, not for the sample).
      if (TOTAL_REQUESTS >= 10_000)
        for (const spec of specs) {
          const statuses = [...(stats.byEndpoint.get(spec.name)?.keys() ?? [])];
          expect(
            statuses.some((s) => s >= 400),
            `${spec.name} refused something`,
          ).toBe(true);
          if (Object.keys(spec.success).length > 0)
            expect(
              statuses.some((s) => s < 300),
              `${spec.name} accepted something`,
            ).toBe(true);
        }
    },
    600_000,
  );
});
