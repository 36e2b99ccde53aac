import "server-only";
import type { Registry } from "prom-client";
import { metricsList } from "prom-client/lib/defaultMetrics.js";
import eventLoopLag from "prom-client/lib/metrics/eventLoopLag.js";
import gc from "prom-client/lib/metrics/gc.js";
import heapSizeAndUsed from "prom-client/lib/metrics/heapSizeAndUsed.js";
import heapSpacesSizeAndUsed from "prom-client/lib/metrics/heapSpacesSizeAndUsed.js";
import osMemoryHeap from "prom-client/lib/metrics/osMemoryHeap.js";
import processCpuTotal from "prom-client/lib/metrics/processCpuTotal.js";
import processHandles from "prom-client/lib/metrics/processHandles.js";
import processMaxFileDescriptors from "prom-client/lib/metrics/processMaxFileDescriptors.js";
import processOpenFileDescriptors from "prom-client/lib/metrics/processOpenFileDescriptors.js";
import processRequests from "prom-client/lib/metrics/processRequests.js";
import processResources from "prom-client/lib/metrics/processResources.js";
import processStartTime from "prom-client/lib/metrics/processStartTime.js";
import version from "prom-client/lib/metrics/version.js";

// prom-client's default metrics, each registered by prom-client's own module, without the
// collection pauses unless asked for. `collectDefaultMetrics` always registers them all, and its
// pauses come from a PerformanceObserver of every collection: Node then makes an entry of each one
// and hands it to JavaScript, and a warm read (one scavenge in about 400 answers) cost 3 to 9% more
// CPU from the first scrape on (docs/operations.md, twenty-fourth round). The others are read when
// scraped, except the event loop's delay, a histogram Node samples on a timer.
const CHEAP = {
  processCpuTotal,
  processStartTime,
  osMemoryHeap,
  processOpenFileDescriptors,
  processMaxFileDescriptors,
  eventLoopLag,
  processResources,
  processHandles,
  processRequests,
  heapSizeAndUsed,
  heapSpacesSizeAndUsed,
  version,
};

/** The names of prom-client's default metrics, as it lists them; tests compare ours with them. */
export const DEFAULT_METRICS: readonly string[] = metricsList;
export const REGISTERED_METRICS: readonly string[] = [...Object.keys(CHEAP), "gc"];

/** Registers the process's metrics on `register`, the collection pauses only with `gcPauses`. */
export function registerProcessMetrics(register: Registry, prefix: string, gcPauses: boolean): void {
  // prom-client's own default precision (ms) of the event loop's delay histogram.
  const options = { prefix, eventLoopMonitoringPrecision: 10 };
  for (const collect of Object.values(CHEAP)) collect(register, options);
  if (gcPauses) gc(register, options);
}
