// `npm run partner -- refunds` read every page of the refund list (issue 29, item 16: it stopped at
// 500 rows), and `npm run partner -- deposits` lists the money found on finished deposit addresses
// that nobody was credited with (item 11). Run directly on a stopped server's embedded database.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, db, openConfiguredDatabase } from "@/lib/db";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-partner-lists-"));
const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "error" };
const ROWS = 1203;
const orderId = randomUUID();

async function partner(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "./scripts/register.mjs", "scripts/partner.ts", ...args],
    {
      env: env as NodeJS.ProcessEnv,
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stdout;
}

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  await openConfiguredDatabase();
  await db().order.create({
    data: {
      id: orderId,
      domain: `lists${orderId.slice(0, 6)}.web3`,
      ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
      years: 1,
      basePriceCents: 1000,
      currency: "BTC",
      price: "0.00016667",
      paymentType: "crypto",
      paymentReferenceId: orderId,
      orderStatus: "COMPLETED",
      payment: {
        create: { id: orderId, processor: "bitcoin", chain: "bitcoin:regtest", decimals: 8, amountDue: "16667" },
      },
    },
  });
  await db().refund.createMany({
    data: Array.from({ length: ROWS }, (_, i) => ({
      id: randomUUID(),
      orderId,
      paymentId: orderId,
      method: "crypto",
      status: "PAID" as const,
      reason: "Overpaid.",
      currency: "BTC",
      decimals: 8,
      amountAtomic: String(i + 1),
      payoutReference: `0xpaid${i}`,
      createdAt: new Date(Date.now() - i * 1000),
    })),
  });
  await db().unattributedDeposit.create({
    data: {
      id: randomUUID(),
      paymentId: orderId,
      orderId,
      chain: "bitcoin:regtest",
      depositAddress: "bcrt1qlate",
      currency: "BTC",
      decimals: 8,
      amountAtomic: "546",
      reason: "BTC on the deposit address beyond what was credited to it.",
    },
  });
  await closeDatabase();
}, 60_000);

afterAll(async () => {
  await closeDatabase().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

test("refunds: every row, across pages of 1000", async () => {
  const lines = (await partner("refunds", "PAID")).trim().split("\n");
  expect(lines).toHaveLength(ROWS);
  expect(new Set(lines.map((line) => line.split("  ")[0])).size).toBe(ROWS);
  expect(lines[0]).toContain("PAID  crypto  0.00000001 BTC  (1)");
  expect(lines[ROWS - 1]).toContain(`(${ROWS})`);
}, 180_000);

test("deposits: money on deposit addresses credited to nobody", async () => {
  const out = await partner("deposits");
  expect(out).toContain(`bitcoin:regtest  bcrt1qlate  0.00000546 BTC  (546)  order ${orderId}`);
}, 180_000);
