import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startSecurityApp, type SecurityApp } from "../support/routes";

// A token's window is bounded (issue 11, section 4): validTill at most ACCESS_TOKEN_MAX_DAYS (731,
// two years) after validFrom and after now; beyond is 400 and no token is made. 9999-12-31 was
// once accepted.

const DAY = 86_400_000;
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp();
});
afterAll(() => s?.app.close());

const create = (validFrom: Date | string, validTill: Date | string) =>
  s.app.fetch("/v1/partner/access-token", {
    method: "POST",
    token: s.adminToken,
    json: {
      label: "window",
      validFrom: typeof validFrom === "string" ? validFrom : validFrom.toISOString(),
      validTill: typeof validTill === "string" ? validTill : validTill.toISOString(),
    },
  });

test.each([
  [
    "validTill 9999-12-31",
    () => [new Date(), "9999-12-31T23:59:59Z"],
    "validTill must be at most 731 days after validFrom.",
  ],
  [
    "a window of 732 days",
    () => [new Date(), new Date(Date.now() + 732 * DAY)],
    "validTill must be at most 731 days after validFrom.",
  ],
  [
    "a window that starts long ago",
    () => [new Date(Date.now() - 800 * DAY), new Date(Date.now() + DAY)],
    "validTill must be at most 731 days after validFrom.",
  ],
  [
    "a short window that ends past the bound",
    () => [new Date(Date.now() + 730 * DAY), new Date(Date.now() + 740 * DAY)],
    "validTill must be at most 731 days from now.",
  ],
] as const)("%s: 400 naming validTill, no token made", async (_, window, info) => {
  const before = await db().accessToken.count();
  const [from, till] = window();
  const response = await create(from, till);
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ errors: [{ field: "validTill", info }] });
  expect(await db().accessToken.count()).toBe(before);
});

test("two years from now is accepted, and the token works", async () => {
  const response = await create(new Date(), new Date(Date.now() + 730 * DAY));
  expect(response.status).toBe(201);
  const { value } = (await response.json()) as { value: string };
  expect((await s.app.fetch("/v1/resolve/alice.web3", { token: value })).status).toBe(200);
});
