import "server-only";
import { Counter, Gauge, Registry } from "prom-client";
import { config } from "@/lib/config";
import { requestCounts } from "@/lib/http/request-counts";
import { cacheReads } from "@/lib/http/response-cache";
import { recordQueries } from "@/lib/resolution/native-records";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { stripeCalls } from "@/lib/payments/card/stripe-processor";
import { watcherLags } from "@/lib/payments/crypto/watcher-lag";
import { registerProcessMetrics } from "./process-metrics";

// GET /metrics in Prometheus' text format. Counters kept by the request path (requests, cache
// reads, record queries, Stripe calls) are read at scrape time, so serving a request never touches
// prom-client; order states and refunds owed are read from the database, watcher lag from each
// watched chain's head against its cursor (heads asked at most every 10 s).

let registry: Registry | undefined;

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  registry ??= createRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

function createRegistry(): Registry {
  const register = new Registry();
  registerProcessMetrics(register, "namesvc_", config().METRICS_GC_PAUSES);

  new Counter({
    name: "namesvc_http_requests_total",
    help: "API requests answered, by route and status.",
    labelNames: ["method", "route", "status"],
    registers: [register],
    collect() {
      this.reset();
      for (const [label, byStatus] of requestCounts()) {
        const space = label.indexOf(" ");
        const [method, route] = space === -1 ? ["", label] : [label.slice(0, space), label.slice(space + 1)];
        for (const [status, count] of byStatus) this.inc({ method, route, status: String(status) }, count);
      }
    },
  });

  new Counter({
    name: "namesvc_response_cache_reads_total",
    help: "Cacheable reads, answered from the response cache (hit) or produced (miss).",
    labelNames: ["result"],
    registers: [register],
    collect() {
      this.reset();
      this.inc({ result: "hit" }, cacheReads.hits);
      this.inc({ result: "miss" }, cacheReads.misses);
    },
  });

  new Counter({
    name: "namesvc_record_queries_total",
    help: "Queries that read native names' records; each carries the names asked while the ones before it ran.",
    registers: [register],
    collect() {
      this.reset();
      this.inc(recordQueries.sent);
    },
  });
  new Counter({
    name: "namesvc_record_query_names_total",
    help: "Names those queries asked for.",
    registers: [register],
    collect() {
      this.reset();
      this.inc(recordQueries.names);
    },
  });

  new Counter({
    name: "namesvc_stripe_calls_total",
    help: "Calls to Stripe's API.",
    registers: [register],
    collect() {
      this.reset();
      this.inc(stripeCalls.total);
    },
  });
  new Counter({
    name: "namesvc_stripe_call_failures_total",
    help: "Calls to Stripe's API that got no answer, a 429 or a 5xx.",
    registers: [register],
    collect() {
      this.reset();
      this.inc(stripeCalls.failed);
    },
  });

  new Gauge({
    name: "namesvc_orders",
    help: "Orders by kind and state.",
    labelNames: ["kind", "status"],
    registers: [register],
    async collect() {
      const rows = await run(
        sqlBuilder
          .selectFrom("order")
          .select([
            sql<string>`kind::text`.as("kind"),
            sql<string>`order_status::text`.as("status"),
            sql<number>`count(*)::int`.as("n"),
          ])
          .groupBy(["kind", "order_status"]),
      );
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
    },
  });

  new Gauge({
    name: "namesvc_refunds_owed",
    help: "Refunds owed and not yet paid, by method and currency.",
    labelNames: ["method", "currency"],
    registers: [register],
    async collect() {
      const rows = await owedRefunds();
      this.reset();
      for (const row of rows) this.set({ method: row.method, currency: row.currency }, Number(row.n));
    },
  });
  new Gauge({
    name: "namesvc_refunds_owed_amount",
    help: "Sum of the refunds owed, in whole units of their currency (USD for cards).",
    labelNames: ["method", "currency"],
    registers: [register],
    async collect() {
      const rows = await owedRefunds();
      this.reset();
      for (const row of rows) this.set({ method: row.method, currency: row.currency }, Number(row.amount));
    },
  });

  new Gauge({
    name: "namesvc_watcher_lag_blocks",
    help: "Blocks between a watched chain's head and the last block its payment watcher processed.",
    labelNames: ["chain"],
    registers: [register],
    async collect() {
      const lags = await watcherLags();
      this.reset();
      for (const { chain, lag } of lags) if (lag !== null) this.set({ chain }, lag);
    },
  });
  new Gauge({
    name: "namesvc_watcher_head_reachable",
    help: "1 when the watched chain's node answered for its head at the last scrape, else 0.",
    labelNames: ["chain"],
    registers: [register],
    async collect() {
      const lags = await watcherLags();
      this.reset();
      for (const { chain, lag } of lags) this.set({ chain }, lag === null ? 0 : 1);
    },
  });
  return register;
}

// The two refund gauges and the two watcher gauges share one read per scrape.
const OWED_REFUNDS = sqlBuilder
  .selectFrom("refund")
  .select([
    "method",
    "currency",
    sql<number>`count(*)::int`.as("n"),
    sql<string>`(sum(amount_atomic / power(10::numeric, decimals)))::text`.as("amount"),
  ])
  .where("status", "=", "DUE")
  .groupBy(["method", "currency"]);
let refundsRead: { at: number; rows: ReturnType<typeof run<typeof OWED_REFUNDS>> } | undefined;

function owedRefunds() {
  if (!refundsRead || Date.now() - refundsRead.at > 1_000)
    refundsRead = {
      at: Date.now(),
      rows: run(OWED_REFUNDS),
    };
  return refundsRead.rows;
}
