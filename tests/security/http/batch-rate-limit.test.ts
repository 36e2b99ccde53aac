import { afterAll, beforeAll, expect, test } from "vitest";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { startSecurityApp, type SecurityApp } from "../support/routes";
import { inOneWindow, TEST_WINDOW_SECONDS } from "../support/window";

// A batch resolve counts each name against the token's resolution limit (issue 11, section 4):
// one request of 100 names once cost as much as one name.

const LIMIT = 10;
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({ RATE_LIMIT_RESOLVE_PER_TOKEN: LIMIT, RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS });
});
afterAll(() => s?.app.close());

const freshToken = async () =>
  (
    await createAccessToken(s.partnerId, {
      label: "batch",
      type: "CUSTOMER",
      validFrom: new Date(Date.now() - 60_000),
      validTill: new Date(Date.now() + 3_600_000),
    })
  ).value;

const batch = (token: string, count: number) =>
  s.app.fetch("/v1/resolve", {
    method: "POST",
    token,
    json: { names: Array.from({ length: count }, (_, i) => (i % 2 ? "alice.web3" : "bob.web3")) },
  });

test("names count one by one; a batch the budget cannot hold is refused whole", () =>
  inOneWindow(async () => {
    const token = await freshToken();
    const first = await batch(token, 8);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { results: unknown[] }).results).toHaveLength(8);
    expect(first.headers.get("ratelimit-remaining")).toBe("2");

    const tooBig = await batch(token, 3);
    expect(tooBig.status).toBe(429);
    expect(tooBig.headers.get("ratelimit-remaining")).toBe("1");
    expect(Number(tooBig.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await tooBig.json()).toEqual({
      field: "rate",
      info: expect.stringMatching(/^Too many requests: at most 10/),
    });

    // The refused batch's first name was counted, as any refused request is; one name is left.
    const fits = await batch(token, 1);
    expect(fits.status).toBe(200);
    expect(fits.headers.get("ratelimit-remaining")).toBe("0");
    expect((await s.app.fetch("/v1/resolve/alice.web3", { token })).status).toBe(429);
  }));
