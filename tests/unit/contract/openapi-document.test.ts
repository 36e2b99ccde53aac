import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { GET } from "@/app/v1/openapi.json/route";

// Issue 35 moved each operation beside its route and collects the document from the route list:
// GET /v1/openapi.json must serve the document it served before (the fixture, written from the
// operations files of 56e7f7c).
const before = JSON.parse(readFileSync(new URL("./fixtures/openapi-document.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;

test("GET /v1/openapi.json serves the same document as before the operations moved", async () => {
  const res = await GET(new Request("http://localhost/v1/openapi.json"), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const served = (await res.json()) as typeof before;
  expect(Object.keys(served.paths as object).sort()).toEqual(Object.keys(before.paths as object).sort());
  expect(served).toEqual(before);
});
