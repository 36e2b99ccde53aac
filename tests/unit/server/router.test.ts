// The router's memo of the route each path takes (lib/server/router.ts): a popular path is routed by
// one lookup, and a stream of paths each asked once (unique names) leaves nothing behind. Segments
// longer than every static name at their position are not looked up among those names: they take
// the dynamic route or the catch-all, as any other value would.
import { expect, test } from "vitest";
import { createRouter } from "@/lib/server/router";

test("a path asked once is not kept; asked again, it is, and routes as before", async () => {
  const router = createRouter();
  const declared = async (path: string) => Object.keys((await router.endpointsAt(path)) ?? {}).sort();
  for (let i = 0; i < 200; i++) await router.endpointsAt(`/v1/resolve/once${i}.web3`);
  expect(router.keptPaths()).toBe(0);
  expect(await declared("/v1/resolve/once7.web3")).toContain("GET");
  expect(router.keptPaths()).toBe(1);
  expect(await declared("/v1/resolve/once7.web3")).toEqual(await declared("/v1/resolve/other.web3"));
  // A path of no API route is kept as such on its second ask, and still matches nothing.
  expect(await router.endpointsAt("/v2/nothing")).toBeNull();
  expect(await router.endpointsAt("/v2/nothing")).toBeNull();
  expect(router.keptPaths()).toBe(2);
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
