// `npm run partner` for the money chores, as the operator runs it on the machine: setting a
// partner's payout account, listing every refund owed and recording a crypto payout. With the
// embedded database held by a running server the command goes through the server's loopback
// routes; with the server stopped it opens the database itself.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, db, openConfiguredDatabase } from "@/lib/db";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-partner-cli-"));
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: "test",
  DATABASE_URL: "",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
};
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await closeDatabase().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function partner(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ["--import", "./scripts/register.mjs", "scripts/partner.ts", ...args],
      {
        env: env as NodeJS.ProcessEnv,
        timeout: 60_000,
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

const startServer = () =>
  startServerProcess({
    timeoutMs: 150_000,
    env: { ...env, PORT: "0", HOST: "127.0.0.1", API_ONLY: "1", SEED_DEMO_DATA: "1", BACKGROUND_JOBS: "0" },
  });

describe("npm run partner: payout accounts and refunds", () => {
  test("through the running server, then directly on the database", async () => {
    server = await startServer();
    const created = await partner("create", "CLI Shop");
    expect(created.code).toBe(0);
    const partnerId = /partner id:\s+(\S+)/.exec(created.out)![1];
    const token = /ADMIN token:\s+(\S+)/.exec(created.out)![1];

    expect(await partner("payout-account", partnerId, "acct_1CliShop")).toEqual({
      code: 0,
      out: `payout account of ${partnerId}: acct_1CliShop\n`,
    });
    const read = await fetch(`${server.origin}/v1/partner/payout-account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await read.json()).toEqual({ processorConnectedAccountId: "acct_1CliShop" });
    expect((await partner("payout-account", partnerId, "bank-123")).code).toBe(1);
    expect((await partner("payout-account", "not-a-uuid", "acct_1X")).code).toBe(2);
    expect(await partner("refunds")).toEqual({ code: 0, out: "no refunds\n" });
    await server.stop();
    server = undefined;

    // A crypto overpayment owed back, as settlement records it.
    setConfig({ NODE_ENV: "test", DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    await openConfiguredDatabase();
    const orderId = randomUUID();
    const refundId = randomUUID();
    await db().order.create({
      data: {
        id: orderId,
        domain: `cli${orderId.slice(0, 6)}.web3`,
        ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        years: 1,
        basePriceCents: 1000,
        currency: "BTC",
        price: "0.00016667",
        paymentType: "crypto",
        paymentReferenceId: orderId,
        orderStatus: "COMPLETED",
        partnerId,
        payment: {
          create: { id: orderId, processor: "bitcoin", chain: "bitcoin:regtest", decimals: 8, amountDue: "16667" },
        },
      },
    });
    await db().refund.create({
      data: {
        id: refundId,
        orderId,
        paymentId: orderId,
        partnerId,
        method: "crypto",
        reason: "Overpaid.",
        currency: "BTC",
        decimals: 8,
        amountAtomic: "5000",
        senderAddress: "bcrt1qsender",
        openFor: orderId,
      },
    });
    await closeDatabase();

    const listed = await partner("refunds", "DUE");
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${refundId}  DUE  crypto  0.00005 BTC  (5000)`);
    expect(listed.out).toContain("bcrt1qsender");
    expect((await partner("refund-paid", refundId, "4999", "0xtx")).code).toBe(1);
    expect(await partner("refund-paid", refundId, "5000", "0xtx")).toEqual({
      code: 0,
      out: `refund ${refundId}: PAID, 0.00005 BTC (0xtx)\n`,
    });
    expect(await partner("payout-account", partnerId, "none")).toEqual({
      code: 0,
      out: `payout account of ${partnerId}: none\n`,
    });

    server = await startServer();
    const paid = await partner("refunds", "PAID");
    expect(paid.out).toContain(`${refundId}  PAID  crypto  0.00005 BTC`);
  }, 600_000);
});
