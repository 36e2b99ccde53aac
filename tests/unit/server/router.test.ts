// The router's memo of the route each path takes (lib/server/router.ts): a popular path is routed by
// one lookup, and a stream of paths each asked once (unique names) leaves nothing behind.
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
