// EXPERIMENT (issue 35 item 5), measurement only: the embedded database through its host, or with
// PGLITE_SOCKET_EXPERIMENT=1 through pglite-socket, pg and @prisma/adapter-pg. Run with
// `node --import ./lib/cli/register.mjs lib/bench/pglite-socket-probe.ts`.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, db, openConfiguredDatabase } from "@/lib/db";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "zz-"));
setConfig({ NODE_ENV: "production", LOG_LEVEL: "error", DATA_DIR: dataDir, JWT_SECRET: "x".repeat(43) });
await openConfiguredDatabase();
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
await database().exec(`CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL);
  INSERT INTO probe SELECT g, 'note ' || g FROM generate_series(1, 5000) g`);
async function run(label: string, total: number, concurrency: number, one: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await one(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`${label}: ${(total / seconds).toFixed(0)}/s p50 ${q(0.5)} ms p99 ${q(0.99)} ms`);
}
const mode = process.env.PGLITE_SOCKET_EXPERIMENT === "1" ? "socket" : "host";
console.log(`mode ${mode}, rss at start ${rss().toFixed(0)} MB`);
// Warm-up.
await run(
  "warm-up",
  500,
  20,
  async (i) => void (await database().query(`SELECT note FROM probe WHERE id = $1`, [1 + (i % 5000)])),
);
await run("raw reads (c=100)", 6000, 100, async (i) => {
  const rows = await database().query<{ note: string }>(`SELECT note FROM probe WHERE id = $1`, [1 + (i % 5000)]);
  if (rows[0].note !== `note ${1 + (i % 5000)}`) throw new Error(`wrong row for ${i}: ${rows[0]?.note}`);
});
await run("prisma reads (c=100)", 3000, 100, async (i) => {
  const tld = await db().tld.findUnique({ where: { name: `t${i % 50}` } });
  if (tld && tld.name !== `t${i % 50}`) throw new Error("wrong tld");
});
await run("prisma transactions (c=50)", 600, 50, async (i) => {
  await db().$transaction(
    async (tx) => {
      await tx.tld.create({ data: { name: `x${i}` } });
      if ((await tx.tld.count({ where: { name: `x${i}` } })) !== 1) throw new Error("lost write");
    },
    { maxWait: 60_000, timeout: 60_000 },
  );
});
await run("mixed reads during transactions (c=100)", 3000, 100, async (i) => {
  if (i % 10 === 0)
    await db().$transaction(
      async (tx) => void (await tx.tld.upsert({ where: { name: "m" }, create: { name: "m" }, update: {} })),
      {
        maxWait: 60_000,
        timeout: 60_000,
      },
    );
  else await database().query(`SELECT note FROM probe WHERE id = $1`, [1 + (i % 5000)]);
});
console.log(`rss at end ${rss().toFixed(0)} MB (this process, with the database's thread)`);
await closeDatabase();
