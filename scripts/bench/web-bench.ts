// The home page's figures, measured in Chromium through the DevTools protocol on the production
// build served locally:
// - JavaScript sent: every response of type Script on a cold load (cache disabled), summed as
//   bytes on the wire (Network.loadingFinished encodedDataLength) and, so the figure does not
//   depend on the server's compression, as gzip -6 of each decoded body.
// - Time to interactive, Lighthouse's definition approximated in the page: from first contentful
//   paint, the end of the last long task (PerformanceObserver "longtask") before a 5 s window with
//   no long task and at most two requests in flight (Resource Timing); DOMContentLoaded when later.
// Each profile is loaded RUNS times in a fresh context; medians are reported. "Local" is the bare
// machine; "throttled" adds Lighthouse's mobile settings (4x CPU slowdown, 150 ms RTT, 1.6 Mbps).
import { gzipSync } from "node:zlib";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { startAppServer } from "@/tests/e2e/support/app-server";
import { buildIfStale } from "@/tests/e2e/support/build";

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 5);
const QUIET_WINDOW_MS = 5_000;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

interface Profile {
  name: string;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const PROFILES: Profile[] = [
  { name: "local", cpuSlowdown: 1 },
  {
    name: "throttled (4x CPU, 150 ms RTT, 1.6 Mbps)",
    cpuSlowdown: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
];

export interface HomeRun {
  scripts: number;
  wireBytes: number;
  gzipBytes: number;
  rawBytes: number;
  compressedByServer: boolean;
  fcpMs: number;
  dclMs: number;
  ttiMs: number;
  longTasks: number;
  /** Each script's path and gzip size, largest first. */
  perScript: { path: string; gzipBytes: number }[];
}

async function measureOnce(browser: Browser, url: string, profile: Profile): Promise<HomeRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // tsx compiles this file with esbuild's keepNames, whose __name helper the page does not have.
  await page.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; end: number }[] };
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      }).observe({ type: "longtask", buffered: true });
    } catch {
      // No long-task support: TTI falls back to DOMContentLoaded.
    }
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (profile.network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });

  const scripts = new Map<string, { url: string; encoding: string; wire: number; done: boolean }>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script")
      scripts.set(event.requestId, {
        url: event.response.url,
        encoding: String(
          event.response.headers["content-encoding"] ?? event.response.headers["Content-Encoding"] ?? "",
        ),
        wire: 0,
        done: false,
      });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = scripts.get(event.requestId);
    if (script) Object.assign(script, { wire: event.encodedDataLength, done: true });
  });

  await page.goto(url, { waitUntil: "load" });
  // Wait for the quiet window after the last long task (bounded), then read the timeline.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sinceLast = await page.evaluate(() => {
      const tasks = (window as unknown as { __longTasks: { end: number }[] }).__longTasks;
      const lastEnd = tasks.length ? Math.max(...tasks.map((t) => t.end)) : 0;
      const lastResponse = Math.max(
        0,
        ...performance.getEntriesByType("resource").map((r) => (r as PerformanceResourceTiming).responseEnd),
      );
      return performance.now() - Math.max(lastEnd, lastResponse);
    });
    if (sinceLast >= QUIET_WINDOW_MS || Date.now() > deadline) break;
    await page.waitForTimeout(Math.min(QUIET_WINDOW_MS - sinceLast + 50, 1_000));
  }
  const timeline = await page.evaluate((quietMs) => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? nav.domContentLoadedEventEnd;
    const tasks = (window as unknown as { __longTasks: { start: number; end: number }[] }).__longTasks
      .filter((t) => t.end > fcp)
      .sort((a, b) => a.start - b.start);
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const inFlight = (at: number) => resources.filter((r) => r.startTime <= at && r.responseEnd > at).length;
    // Candidate starts: FCP, then the end of each long task; the first one followed by a quiet window wins.
    let tti = fcp;
    for (const candidate of [fcp, ...tasks.map((t) => t.end)]) {
      const windowEnd = candidate + quietMs;
      const taskInWindow = tasks.some((t) => t.start < windowEnd && t.end > candidate);
      const busyNetwork = resources.some(
        (r) => r.startTime >= candidate && r.startTime < windowEnd && inFlight(r.startTime) > 2,
      );
      if (!taskInWindow && !busyNetwork) {
        tti = candidate;
        break;
      }
      tti = candidate;
    }
    return {
      fcp,
      dcl: nav.domContentLoadedEventEnd,
      tti: Math.max(tti, nav.domContentLoadedEventEnd),
      longTasks: tasks.length,
    };
  }, QUIET_WINDOW_MS);

  let wireBytes = 0;
  let gzipBytes = 0;
  let rawBytes = 0;
  let compressedByServer = false;
  const perScript: HomeRun["perScript"] = [];
  for (const [requestId, script] of scripts) {
    const { body, base64Encoded } = await cdp.send("Network.getResponseBody", { requestId });
    const bytes = Buffer.from(body, base64Encoded ? "base64" : "utf8");
    const gzipped = gzipSync(bytes, { level: 6 }).length;
    rawBytes += bytes.length;
    gzipBytes += gzipped;
    perScript.push({ path: new URL(script.url).pathname, gzipBytes: gzipped });
    wireBytes += script.wire;
    compressedByServer ||= /gzip|br|deflate|zstd/.test(script.encoding);
  }
  await context.close();
  return {
    scripts: scripts.size,
    wireBytes,
    gzipBytes,
    rawBytes,
    compressedByServer,
    fcpMs: timeline.fcp,
    dclMs: timeline.dcl,
    ttiMs: timeline.tti,
    longTasks: timeline.longTasks,
    perScript: perScript.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function benchWeb(): Promise<string[]> {
  await buildIfStale();
  const server = await startAppServer();
  const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const lines: string[] = [];
  try {
    const url = `${server.origin}/`;
    await measureOnce(browser, url, PROFILES[0]); // warm the server's caches; not counted
    for (const profile of PROFILES) {
      const runs: HomeRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, url, profile));
      const first = runs[0];
      if (profile === PROFILES[0]) {
        lines.push(
          `home page JavaScript: ${first.scripts} scripts, ${kb(first.gzipBytes)} gzip (-6 of each body), ` +
            `${kb(first.rawBytes)} uncompressed, ${kb(first.wireBytes)} on the wire ` +
            `(${first.compressedByServer ? "server compressed" : "server sent uncompressed"}); target < 150 ` +
            "KB gzip",
        );
        lines.push(
          `  largest: ${first.perScript
            .slice(0, 5)
            .map((script) => `${script.path.split("/").pop()} ${kb(script.gzipBytes)}`)
            .join(", ")}`,
        );
      }
      lines.push(
        `home page, ${profile.name}, median of ${RUNS} cold loads: FCP ` +
          `${ms(median(runs.map((r) => r.fcpMs)))}, DOMContentLoaded ` +
          `${ms(median(runs.map((r) => r.dclMs)))}, TTI ${ms(median(runs.map((r) => r.ttiMs)))} (long tasks ` +
          `after FCP: median ${median(runs.map((r) => r.longTasks))})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}
