// Issue 33, item 4: /api/lookup serves this site's pages, not other sites' scripts. A browser
// request says where it comes from (Sec-Fetch-Site, or only Origin in older browsers): another
// site's page gets a 403 before any lookup; this site's pages, an address typed in, and callers
// that are no browser page (no Origin at all) are served. The public API (/v1) is not affected.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { jsonOf, rawRequest } from "../support/raw-http";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const PATHS = ["/api/lookup/resolve/alice.web3", "/api/lookup/reverse/0x0000000000000000000000000000000000000001"];
const get = (target: string, headers: Record<string, string>) => rawRequest(app.baseUrl, { target, headers });

describe.each(PATHS)("%s", (path) => {
  test("this site's page, an address typed in, and a caller with no Origin are served", async () => {
    const origin = app.baseUrl;
    const served: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin", Origin: origin },
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      { Origin: origin },
      {},
    ];
    for (const headers of served) {
      const res = await get(path, headers);
      expect(res.status, JSON.stringify(headers)).not.toBe(403);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });

  test("another site's page is a 403 naming the header, whatever else it sends", async () => {
    for (const [headers, field] of [
      [{ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }, "Sec-Fetch-Site"],
      [{ "Sec-Fetch-Site": "cross-site" }, "Sec-Fetch-Site"],
      [{ "Sec-Fetch-Site": "same-site", Origin: "https://sub.evil.example" }, "Sec-Fetch-Site"],
      // Claiming our origin does not help a request the browser marks as cross-site.
      [{ "Sec-Fetch-Site": "cross-site", Origin: app.baseUrl }, "Sec-Fetch-Site"],
      [{ Origin: "https://evil.example" }, "Origin"],
      [{ Origin: "null" }, "Origin"],
      [{ Origin: app.baseUrl.replace("127.0.0.1", "localhost") }, "Origin"],
    ] as const) {
      const res = await get(path, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(jsonOf(res), JSON.stringify(headers)).toEqual({ field, info: expect.stringMatching(/own pages only/) });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});

test("the public API still answers other sites", async () => {
  const res = await get("/v1/openapi.json", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" });
  expect(res.status).toBe(200);
  expect(res.headers["access-control-allow-origin"]).toBe("*");
});
