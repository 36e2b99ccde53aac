// The server as one JavaScript file: lib/server/main.ts and the API's route files, compiled by
// esbuild into node_modules/.cache/namesvc/server.mjs (packages stay in node_modules). `npm start`
// and the tests' server processes run it with plain Node. Run through tsx instead, every process
// carries tsx's loader thread (a second JavaScript heap) and an esbuild service process: about
// 45 MB of the 300 MB the embedded server keeps to (`npm run soak`). `npm run dev` keeps tsx.
import { buildSync } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "node_modules", ".cache", "namesvc");

/** The bundle's path. */
export const SERVER_BUNDLE = path.join(outDir, "server.mjs");

export function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function hashOf(files) {
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    hash.update(path.relative(root, file)).update(readFileSync(file));
  }
  return hash.digest("hex");
}

/** The API's route files, as lib/server/router.ts finds them: paths under app/, with `/`. */
function routeFiles() {
  return ["v1", "api", "metrics"]
    .flatMap((dir) => filesUnder(path.join(root, "app", dir)))
    .filter((file) => /^route\.(ts|js|mjs)$/.test(path.basename(file)))
    .map((file) => path.relative(path.join(root, "app"), file).split(path.sep).join("/"))
    .sort();
}

/**
 * Builds the bundle when its sources changed since the last build (about 0.2 s) and returns its
 * path. Processes that build at the same moment each write their own file and rename it into place.
 */
export function ensureServerBundle() {
  const sources = [
    ...["app", "lib"].flatMap((dir) => filesUnder(path.join(root, dir))),
    ...["tsconfig.json", "package-lock.json"].map((file) => path.join(root, file)),
  ];
  const hash = hashOf(sources);
  const marker = `${SERVER_BUNDLE}.hash`;
  if (existsSync(SERVER_BUNDLE) && existsSync(marker) && readFileSync(marker, "utf8") === hash) return SERVER_BUNDLE;

  const routes = routeFiles();
  const entry = [
    `import { provideRouteModules } from "./lib/server/router";`,
    ...routes.map((file, i) => `import * as route${i} from ${JSON.stringify(`./app/${file}`)};`),
    `provideRouteModules({ ${routes.map((file, i) => `${JSON.stringify(file)}: route${i}`).join(", ")} });`,
    // After the route modules are handed over: main starts the server when it is evaluated.
    `await import("./lib/server/main");`,
  ].join("\n");
  mkdirSync(outDir, { recursive: true });
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  buildSync({
    stdin: { contents: entry, resolveDir: root, sourcefile: "server-entry.ts", loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    // A marker for Next.js's bundles; this file is the server.
    alias: { "server-only": path.join(root, "node_modules", "server-only", "empty.js") },
    outfile: temporary,
    logLevel: "warning",
  });
  renameSync(temporary, SERVER_BUNDLE);
  writeFileSync(`${marker}.${process.pid}.tmp`, hash);
  renameSync(`${marker}.${process.pid}.tmp`, marker);
  return SERVER_BUNDLE;
}
