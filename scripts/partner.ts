// `npm run partner -- <command>`: partners and the operator's money chores, whether or not the
// server is running. With the embedded database held by a running server it goes through that
// server's local command routes; otherwise it opens the database itself.
//
//   create "<name>"                                   a partner and its first ADMIN token
//   payout-account <partnerId> <acct_…|none>          where the card money of its sales goes
//   refunds [DUE|PAYING|PAID|FAILED]                  every refund owed on every sale
//   refund-start <refundId>                           freeze a crypto refund before paying it out
//   refund-paid <refundId> <amountAtomic> <reference> record the payout of a crypto refund (a
//                                                     transaction hash is checked on its chain)
//   ens-parent <partnerId> <brand.eth> <ownerAddress> the partner's ENS parent, served by our gateway
//   deposits                                          money on deposit addresses credited to nobody
import type { RefundStatus } from "@prisma/client";
import { readFileSync } from "node:fs";
import path from "node:path";
import { config, usesPostgresServer } from "@/lib/config";
import { closeDatabase, openConfiguredDatabase } from "@/lib/db";
import type { UnattributedDeposit } from "@/lib/contract/schemas/deposits";
import { setPayoutAccount } from "@/lib/market/payout-account";
import { listRefundsPage } from "@/lib/market/list-refunds-page";
import { type RefundView } from "@/lib/market/refunds";
import { recordRefundPayout, startRefundPayout } from "@/lib/market/refund-payouts";
import { listUnattributedDeposits } from "@/lib/market/unattributed-deposits";
import { createPartner } from "@/lib/partners/create-partner";
import { registerEnsParent } from "@/lib/registry/ens-parent";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { localAdminSecret } from "@/lib/http/local-admin";
import { claimDataDir, dataDirOwner } from "@/lib/server/data-dir-lock";

const USAGE = `Usage:
  npm run partner -- create "<partner name>"
  npm run partner -- payout-account <partnerId> <acct_…|none>
  npm run partner -- refunds [DUE|PAYING|PAID|FAILED]
  npm run partner -- refund-start <refundId>
  npm run partner -- refund-paid <refundId> <amountAtomic> <reference>
  npm run partner -- ens-parent <partnerId> <brand.eth> <ownerAddress>
  npm run partner -- deposits`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "create": {
      const name = rest.join(" ").trim();
      if (name === "") break;
      const created = await run(
        () =>
          createPartner(name).then(({ partner, token }) => ({
            partnerId: partner.id,
            token: token.value,
            validTill: token.validTill,
          })),
        async (port) => {
          const body = (await local(port, "POST", "/api/internal/partners", { name }, 201)) as {
            partnerId: string;
            token: { value: string; validTill: string };
          };
          return { partnerId: body.partnerId, token: body.token.value, validTill: body.token.validTill };
        },
      );
      console.log(`partner id:   ${created.partnerId}`);
      console.log(`ADMIN token:  ${created.token}`);
      console.log(`valid until:  ${created.validTill}`);
      console.log("Keep the token secret: it is shown only this once.");
      return 0;
    }
    case "payout-account": {
      const [partnerId, account] = rest;
      if (!partnerId || !UUID.test(partnerId) || !account || rest.length !== 2) break;
      const accountId = account === "none" ? null : account;
      const set = await run(
        () => setPayoutAccount(partnerId, accountId),
        (port) =>
          local(port, "PUT", "/api/internal/partners/payout-account", {
            partnerId,
            processorConnectedAccountId: accountId,
          }) as Promise<{ processorConnectedAccountId: string | null }>,
      );
      console.log(`payout account of ${partnerId}: ${set.processorConnectedAccountId ?? "none"}`);
      return 0;
    }
    case "refunds": {
      const [status] = rest;
      if (rest.length > 1 || (status !== undefined && !["DUE", "PAYING", "PAID", "FAILED"].includes(status))) break;
      // Every page, the largest the list gives.
      const refunds = await run(
        async () => {
          const all: RefundView[] = [];
          let pageToken: string | undefined;
          do {
            const page = await listRefundsPage({
              status: status as RefundStatus | undefined,
              pageSize: 1000,
              pageToken,
            });
            all.push(...(JSON.parse(JSON.stringify(page.refunds)) as RefundView[]));
            pageToken = page.nextPaginationToken || undefined;
          } while (pageToken);
          return all;
        },
        async (port) => {
          const all: RefundView[] = [];
          let pageToken = "";
          do {
            const query = new URLSearchParams({
              pageSize: "1000",
              ...(status && { status }),
              ...(pageToken && { pageToken }),
            });
            const page = (await local(port, "GET", `/api/internal/refunds?${query}`)) as {
              refunds: RefundView[];
              nextPaginationToken: string;
            };
            all.push(...page.refunds);
            pageToken = page.nextPaginationToken;
          } while (pageToken);
          return all;
        },
      );
      if (refunds.length === 0) console.log("no refunds");
      for (const r of refunds)
        console.log(
          [
            r.id,
            r.status,
            r.method,
            `${formatUnits(BigInt(r.amountAtomic), r.decimals)} ${r.currency}`,
            `(${r.amountAtomic})`,
            r.domain,
            r.refundAddress ?? r.senderAddress ?? r.processorRefundId ?? "",
            r.reason,
          ].join("  "),
        );
      return 0;
    }
    case "deposits": {
      if (rest.length > 0) break;
      const deposits = await run(
        () => listUnattributedDeposits(),
        async (port) =>
          ((await local(port, "GET", "/api/internal/deposits")) as { deposits: UnattributedDeposit[] }).deposits,
      );
      if (deposits.length === 0) console.log("no unattributed deposits");
      for (const d of deposits)
        console.log(
          [
            d.foundAt,
            d.chain,
            d.depositAddress,
            `${formatUnits(BigInt(d.amountAtomic), d.decimals)} ${d.currency}`,
            `(${d.amountAtomic})`,
            `order ${d.orderId}`,
            d.reason,
          ].join("  "),
        );
      return 0;
    }
    case "refund-start": {
      const [refundId] = rest;
      if (rest.length !== 1 || !UUID.test(refundId)) break;
      const started = await run(
        () => startRefundPayout(refundId).then((view) => JSON.parse(JSON.stringify(view)) as RefundView),
        (port) => local(port, "POST", "/api/internal/refunds/start", { refundId }) as Promise<RefundView>,
      );
      console.log(
        `refund ${started.id}: ${started.status}, pay ${formatUnits(BigInt(started.amountAtomic), started.decimals)} ` +
          `${started.currency} to ${started.refundAddress ?? started.senderAddress ?? "?"}`,
      );
      return 0;
    }
    case "refund-paid": {
      const [refundId, amountAtomic, ...reference] = rest;
      const input = { refundId, amountAtomic, reference: reference.join(" ").trim() };
      if (!refundId || !UUID.test(refundId) || !/^[1-9]\d*$/.test(amountAtomic ?? "") || input.reference === "") break;
      const paid = await run(
        () => recordRefundPayout(input).then((view) => JSON.parse(JSON.stringify(view)) as RefundView),
        (port) => local(port, "POST", "/api/internal/refunds", input) as Promise<RefundView>,
      );
      console.log(
        `refund ${paid.id}: ${paid.status}, ${formatUnits(BigInt(paid.amountAtomic), paid.decimals)} ` +
          `${paid.currency} (${paid.payoutReference})`,
      );
      return 0;
    }
    case "ens-parent": {
      const [partnerId, name, ownerAddress] = rest;
      if (!partnerId || !UUID.test(partnerId) || !name || !/^0x[0-9a-fA-F]{40}$/.test(ownerAddress ?? "")) break;
      const input = { partnerId, name, ownerAddress: ownerAddress! };
      const registered = await run(
        () => registerEnsParent(input).then(({ name, ownerAddress }) => ({ name, ownerAddress })),
        (port) =>
          local(port, "POST", "/api/internal/partners/ens-parent", input, 201) as Promise<{
            name: string;
            ownerAddress: string;
          }>,
      );
      console.log(`${registered.name}: ENS parent of partner ${partnerId}, owner ${registered.ownerAddress}`);
      console.log("Point its resolver at ours (GET /v1/ens/gateway lists them); its sub-names resolve everywhere.");
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

/** Runs `directly` on the database, or `viaServer` when a running server holds the embedded one. */
async function run<T>(directly: () => Promise<T>, viaServer: (port: number) => Promise<T>): Promise<T> {
  const cfg = config();
  if (!usesPostgresServer(cfg) && dataDirOwner(cfg.DATA_DIR) !== undefined) {
    const { port } = JSON.parse(readFileSync(path.resolve(cfg.DATA_DIR, "server.json"), "utf8")) as { port: number };
    return viaServer(port);
  }
  if (!usesPostgresServer(cfg)) claimDataDir(cfg.DATA_DIR);
  await openConfiguredDatabase();
  try {
    return await directly();
  } finally {
    await closeDatabase();
  }
}

async function local(port: number, method: string, route: string, body?: unknown, expected = 200): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: { "content-type": "application/json", "x-local-admin-secret": localAdminSecret() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`the running server (port ${port}) refused: ${res.status} ${await res.text()}`);
  return res.json();
}

main(process.argv.slice(2)).then(
  // Exits once stdout is flushed: a pipe takes a long listing in pieces, and exit() would cut it.
  (code) => process.stdout.write("", () => process.exit(code)),
  (error) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`partner: ${message}`);
    process.exit(1);
  },
);
