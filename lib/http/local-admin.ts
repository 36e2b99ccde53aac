import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { fromLoopback } from "@/lib/http/client-address";

// While the server holds the embedded database, commands on the same machine reach it through a
// loopback-only route guarded by a secret in DATA_DIR (mode 600): whoever may read the data
// directory may already open the database itself. The peer address comes from the connection,
// never from a header (lib/http/client-address.ts).

function secretFile(): string {
  return path.resolve(config().DATA_DIR, "local-admin-secret");
}

export function localAdminSecret(): string {
  const file = secretFile();
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

export function isLocalAdminRequest(request: Request): boolean {
  const given = request.headers.get("x-local-admin-secret");
  if (!given || !fromLoopback(request)) return false;
  const expected = Buffer.from(localAdminSecret());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
