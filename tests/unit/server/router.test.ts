// The router's memo of the route each path takes (lib/server/router.ts): a popular path is routed by
// one lookup, and a stream of paths each asked once (unique names) leaves nothing behind. A path
// ending in a parameter after static segments (`/v1/resolve/{domain}`) is routed without the tree,
// as the tree would route it, and never kept. Segments longer than every static name at their
// position are not looked up among those names: they take the dynamic route or the catch-all, as
// any other value would.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { createRouter } from "@/lib/server/router";

test("a path asked once is not kept; asked again, it is, and routes as before", async () => {
  const router = createRouter();
  const declared = async (path: string) => Object.keys((await router.endpointsAt(path)) ?? {}).sort();
  for (let i = 0; i < 200; i++) await router.endpointsAt(`/v1/market/order/once${i}/refunds`);
  expect(router.keptPaths()).toBe(0);
  expect(await declared("/v1/market/order/once7/refunds")).toContain("GET");
  expect(router.keptPaths()).toBe(1);
  expect(await declared("/v1/market/order/once7/refunds")).toEqual(await declared("/v1/market/order/other/refunds"));
  // A path of no API route is kept as such on its second ask, and still matches nothing.
  expect(await router.endpointsAt("/v2/nothing")).toBeNull();
  expect(await router.endpointsAt("/v2/nothing")).toBeNull();
  expect(router.keptPaths()).toBe(2);
});

test("a path ending in a parameter after static segments is routed as the tree would, never kept", async () => {
  // Route files that answer which route took the request, beside a static sibling and a catch-all.
  const app = mkdtempSync(join(os.tmpdir(), "router-"));
  const route = (dir: string, answer: string) => {
    mkdirSync(join(app, dir), { recursive: true });
    writeFileSync(join(app, dir, "route.mjs"), `export const GET = async (request, context) => ${answer};\n`);
  };
  route("v1/names/[name]", "'param ' + (await context.params).name");
  route("v1/names/static", "'static'");
  route("v1/[[...path]]", "'catch-all ' + (await context.params).path");
  route("v1/lists/[list]/items", "'items of ' + (await context.params).list");
  try {
    const router = createRouter(app);
    const routed = async (target: string) => await router.handle(new Request(`http://localhost${target}`));
    for (let i = 0; i < 50; i++) expect(await routed(`/v1/names/n${i}.web3`)).toBe(`param n${i}.web3`);
    expect(await routed("/v1/names/n7.web3")).toBe("param n7.web3");
    expect(router.keptPaths()).toBe(0);
    // A static name at the parameter's place still wins; a long one is still a parameter.
    expect(await routed("/v1/names/static")).toBe("static");
    expect(await routed(`/v1/names/${"s".repeat(300)}`)).toBe(`param ${"s".repeat(300)}`);
    // Empty segments are skipped as before, and a deeper path is not this route's.
    expect(await routed("/v1//names/a.web3")).toBe("param a.web3");
    expect(await routed("/v1/names/a.web3/")).toBe("param a.web3");
    expect(await routed("/v1/names/a.web3/more")).toBe("catch-all names/a.web3/more");
    expect(await routed("/v1/names")).toBe("catch-all names");
    // A path that only starts with the static part's characters is not this route's.
    expect(await routed("/v1/namesake.web3")).toBe("catch-all namesake.web3");
    // A parameter with segments below it is routed through the tree, and kept on a second ask.
    expect(await routed("/v1/lists/l1/items")).toBe("items of l1");
    expect(router.keptPaths()).toBe(0);
    expect(await routed("/v1/lists/l1/items")).toBe("items of l1");
    expect(router.keptPaths()).toBe(1);
    expect(await routed("/v1/lists/l1")).toBe("catch-all lists/l1");
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

const router = createRouter();

/** What tells the endpoints at a path apart: their methods and what each allows and limits. */
async function routed(path: string): Promise<string> {
  const endpoints = await router.endpointsAt(path);
  if (endpoints === null) return "no route";
  return JSON.stringify(Object.entries(endpoints).map(([method, d]) => [method, d.allow, d.policy, d.movesMoney]));
}

test("a long segment takes the dynamic route or the catch-all; static names still win", async () => {
  const long = "a".repeat(300);
  const resolve = await routed("/v1/resolve/alice.web3");
  const catchAll = await routed("/v1/nothing-here");
  const gateway = await routed("/v1/ens/ccip/0x00/0x00.json");
  // The three differ, so each comparison below tells which route a path took.
  expect(new Set([resolve, catchAll, gateway]).size).toBe(3);

  expect(await routed(`/v1/resolve/${long}.web3`)).toBe(resolve);
  expect(await routed(`/v1/${long}`)).toBe(catchAll);
  expect(await routed(`/v1/${long}/resolve/alice.web3`)).toBe(catchAll);
  expect(await routed(`/v1/ens/ccip/0x${"ab".repeat(20)}/0x${"0123456789abcdef".repeat(76)}.json`)).toBe(gateway);
  expect(await routed(`/v1/ens/ccip/${long}/${long}`)).toBe(gateway);
  // A static name as long as the longest at its position is still found as such.
  expect(await routed("/v1/market/purchase")).not.toBe(catchAll);
  expect(await routed("/v1/parentdomains/brand.web3/addresses/0x00/reverse-resolve")).not.toBe(catchAll);
  expect(await routed("/v1/parentdomains/brand.web3/addresses/0x00/reverse-resolvee")).toBe(catchAll);
});

test("a path too long to keep is routed each time and never kept", async () => {
  const fresh = createRouter();
  const path = `/v1/ens/ccip/0x00/0x${"ab".repeat(200)}.json`;
  for (let ask = 0; ask < 3; ask++) expect(Object.keys((await fresh.endpointsAt(path)) ?? {})).toContain("GET");
  expect(fresh.keptPaths()).toBe(0);
});
