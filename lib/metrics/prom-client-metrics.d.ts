// prom-client's default metrics one by one (lib/metrics/process-metrics.ts): each module registers
// its metrics on a registry, as prom-client's `collectDefaultMetrics` calls it.
declare module "prom-client/lib/metrics/*" {
  import type { Registry } from "prom-client";
  const register: (registry: Registry, config: { prefix?: string; eventLoopMonitoringPrecision?: number }) => void;
  export default register;
}

declare module "prom-client/lib/defaultMetrics.js" {
  export const metricsList: string[];
}
