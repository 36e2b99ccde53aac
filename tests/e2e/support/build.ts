// Builds the pages only when .next is missing or older than its sources: the same check
// `npm start` makes, shared from scripts/start.mjs.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./app-server";

export async function buildIfStale(): Promise<void> {
  // For iterating on the specs against a build made a moment ago.
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const start = (await import(pathToFileURL(path.join(ROOT, "scripts", "start.mjs")).href)) as {
    ensureNextBuild: () => void;
  };
  start.ensureNextBuild();
}
