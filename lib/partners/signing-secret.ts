import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, usesPostgresServer } from "@/lib/config";

let cached: string | undefined;

/**
 * The HMAC key of access tokens: JWT_SECRET, or on the embedded database a key generated once
 * and kept in DATA_DIR (mode 600). A PostgreSQL deployment must set JWT_SECRET, so that every
 * instance signs and verifies with the same key.
 */
export function signingSecret(): string {
  if (cached) return cached;
  const cfg = config();
  if (cfg.JWT_SECRET) return (cached = cfg.JWT_SECRET);
  if (usesPostgresServer(cfg)) throw new Error("JWT_SECRET must be set when DATABASE_URL names a PostgreSQL server.");
  const file = path.resolve(cfg.DATA_DIR, "jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return (cached = readFileSync(file, "utf8").trim());
}

export function resetSigningSecretForTests(): void {
  cached = undefined;
}
