import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eventBody, retryDelayMs } from "@/lib/webhooks/deliver";
import { signatureHeader } from "@/lib/webhooks/signing";

// The webhook verification snippet of docs/api.md is what partners copy: it is taken from there as
// written and run against the server's own signer, so the documentation cannot drift from it.

type Verify = (secret: string, header: string, rawBody: string, toleranceSeconds?: number) => boolean;

const dir = mkdtempSync(path.join(os.tmpdir(), "readme-verify-"));
let verify: Verify;

beforeAll(async () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, "../../../docs/api.md"), "utf8");
  const after = readme.slice(readme.indexOf("Verifying a delivery (Node"));
  const snippet = /```js\n([\s\S]*?)```/.exec(after)?.[1];
  expect(snippet).toContain("function verify(");
  const file = path.join(dir, "verify.mjs");
  writeFileSync(file, `${snippet}\nexport { verify };\n`);
  ({ verify } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verify: Verify });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the documentation's verification snippet", () => {
  const secret = "whsec_readme-test-secret-000000000000";
  const body = eventBody({
    id: "6f7c3a52-3c1e-4a57-9d3e-2f1b8c0e9a11",
    type: "order.completed",
    createdAt: new Date(),
    data: { orderId: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", domain: "shop.brand.web3" },
  });
  const now = () => Math.floor(Date.now() / 1000);

  test("accepts what the server signs", () => {
    expect(verify(secret, signatureHeader(secret, body, now()), body)).toBe(true);
  });

  test("refuses another secret, a changed body, an old timestamp and a missing signature", () => {
    const header = signatureHeader(secret, body, now());
    expect(verify("whsec_another", header, body)).toBe(false);
    expect(verify(secret, header, body.replace("shop", "shoq"))).toBe(false);
    expect(verify(secret, signatureHeader(secret, body, now() - 301), body)).toBe(false);
    expect(verify(secret, `t=${now()}`, body)).toBe(false);
  });

  test("the retry schedule is the documentation's: 30 s doubling to 6 h", () => {
    const minutes = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1) / 60_000);
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360]);
  });
});
