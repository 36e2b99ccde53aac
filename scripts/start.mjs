// `npm start`: generate the Prisma client, build the pages and the server's bundle when their
// sources changed, then run the server (which migrates, seeds the demo data once and serves on
// PORT, default 3000). `npm run dev` does the same with Next.js in development mode, no build, and
// the TypeScript sources run through tsx.
import "./node-version.mjs";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureServerBundle, filesUnder, hashOf } from "./server-bundle.mjs";
import { serverEnv, serverNodeArgs } from "./server-process.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function step(label, cmd, args, env = {}) {
  console.log(`[start] ${label}`);
  execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
}

export function ensurePrismaClient() {
  // Prisma reformats the schema it copies into the client, so the marker is a hash of ours.
  const hash = hashOf([path.join(root, "prisma", "schema.prisma")]);
  const marker = path.join(root, "node_modules", ".prisma", "client", "namesvc-schema-hash");
  if (existsSync(marker) && readFileSync(marker, "utf8") === hash) return;
  step("generating the Prisma client", bin("prisma"), ["generate"]);
  writeFileSync(marker, hash);
}

export function ensureNextBuild() {
  const sources = ["app", "components", "lib", "public"].flatMap((d) => filesUnder(path.join(root, d)));
  sources.push(
    ...["next.config.mjs", "proxy.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json"].map((f) =>
      path.join(root, f),
    ),
  );
  const hash = hashOf(sources);
  const marker = path.join(root, ".next", "namesvc-source-hash");
  if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(marker) && readFileSync(marker, "utf8") === hash) {
    console.log("[start] pages are up to date; skipping the build");
    return;
  }
  step("building the pages (next build)", bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });
  writeFileSync(marker, hash);
}

function serve() {
  const env = serverEnv({ ...process.env, NODE_ENV: dev ? "development" : "production", NEXT_TELEMETRY_DISABLED: "1" });
  // Development runs the sources through tsx, so a change needs no build; production runs the bundle.
  const main = dev ? ["--import", "./scripts/register.mjs", "lib/server/main.ts"] : [ensureServerBundle()];
  const child = spawn(process.execPath, [...serverNodeArgs(env), ...main], {
    cwd: root,
    stdio: "inherit",
    env,
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensurePrismaClient();
  if (!dev) ensureNextBuild();
  serve();
}
