// `npm run partner -- create "<name>"`: creates a partner and prints its id and first ADMIN token.
// Works whether or not the server is running: with the embedded database held by a running
// server it goes through that server's local command route; otherwise it opens the database.
import { readFileSync } from "node:fs";
import path from "node:path";
import { config, usesPostgresServer } from "@/lib/config";
import { closeDatabase, openConfiguredDatabase } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { localAdminSecret } from "@/lib/partners/local-admin";
import { claimDataDir, dataDirOwner } from "@/lib/server/data-dir-lock";

const USAGE = 'Usage: npm run partner -- create "<partner name>"';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const name = rest.join(" ").trim();
  if (command !== "create" || name === "") {
    console.error(USAGE);
    return 2;
  }
  const cfg = config();
  const created =
    !usesPostgresServer(cfg) && dataDirOwner(cfg.DATA_DIR) !== undefined
      ? await viaRunningServer(name)
      : await directly(name);
  console.log(`partner id:   ${created.partnerId}`);
  console.log(`ADMIN token:  ${created.token}`);
  console.log(`valid until:  ${created.validTill}`);
  console.log("Keep the token secret: it is shown only this once.");
  return 0;
}

async function directly(name: string) {
  const cfg = config();
  if (!usesPostgresServer(cfg)) claimDataDir(cfg.DATA_DIR);
  await openConfiguredDatabase();
  try {
    const { partner, token } = await createPartner(name);
    return { partnerId: partner.id, token: token.value, validTill: token.validTill };
  } finally {
    await closeDatabase();
  }
}

async function viaRunningServer(name: string) {
  const cfg = config();
  const { port } = JSON.parse(readFileSync(path.resolve(cfg.DATA_DIR, "server.json"), "utf8")) as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/partners`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-local-admin-secret": localAdminSecret() },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201)
    throw new Error(`the running server (port ${port}) refused: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { partnerId: string; token: { value: string; validTill: string } };
  return { partnerId: body.partnerId, token: body.token.value, validTill: body.token.validTill };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`partner: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
