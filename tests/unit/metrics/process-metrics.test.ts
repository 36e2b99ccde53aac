// The process's metrics on /metrics: prom-client's defaults one by one, the collection pauses only
// when asked for (METRICS_GC_PAUSES), since observing every collection costs the warm read.
import { Registry } from "prom-client";
import { expect, test } from "vitest";
import { DEFAULT_METRICS, REGISTERED_METRICS, registerProcessMetrics } from "@/lib/metrics/process-metrics";

/** The metric names `register` reports, without the prefix. */
async function namesOf(register: Registry): Promise<string[]> {
  return (await register.getMetricsAsJSON()).map((metric) => metric.name.replace(/^test_/, ""));
}

test("every default metric of prom-client is one we register, so an upgrade adding one fails here", () => {
  expect([...REGISTERED_METRICS].sort()).toEqual([...DEFAULT_METRICS].sort());
});

test("without the pauses: the process's and Node's metrics, and no collection observed", async () => {
  const register = new Registry();
  registerProcessMetrics(register, "test_", false);
  const names = await namesOf(register);
  for (const name of [
    "process_cpu_seconds_total",
    "process_resident_memory_bytes",
    "process_start_time_seconds",
    "nodejs_heap_size_used_bytes",
    "nodejs_heap_size_total_bytes",
    "nodejs_external_memory_bytes",
    "nodejs_eventloop_lag_p99_seconds",
    "nodejs_version_info",
  ])
    expect(names).toContain(name);
  expect(names).not.toContain("nodejs_gc_duration_seconds");
  register.clear();
});

test("with the pauses: each collection is counted by kind", async () => {
  const register = new Registry();
  registerProcessMetrics(register, "test_", true);
  expect(await namesOf(register)).toContain("nodejs_gc_duration_seconds");
  // Enough short-lived garbage for a scavenge; the observer is told after the turn it ran in.
  let kept: unknown[] = [];
  const deadline = Date.now() + 5_000;
  let count = 0;
  while (count === 0 && Date.now() < deadline) {
    for (let i = 0; i < 200_000; i++) kept = [{ i }, kept.length > 1000 ? [] : kept];
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const metric = (await register.getMetricsAsJSON()).find((m) => m.name === "test_nodejs_gc_duration_seconds");
    const values = (metric?.values ?? []) as { metricName?: string; value: number }[];
    count = values
      .filter((value) => value.metricName === "test_nodejs_gc_duration_seconds_count")
      .reduce((sum, value) => sum + value.value, 0);
  }
  expect(count).toBeGreaterThan(0);
  register.clear();
});
