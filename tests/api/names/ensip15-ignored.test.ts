// ENSIP-15 classifies characters, not JavaScript's `\s`: U+FEFF is an ignored character (a name
// holding it means the name without it), though `\s` matches it. The vectors are adraffy's
// (github.com/adraffy/ens-normalize.js, validate/tests.json, version 1.11.1), escaped here.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { containsWhitespace, normalizeWeb3Name } from "@/lib/names/normalize";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { registerOwned } from "@/tests/support/owner-fixtures";

/** [label as sent, its normalized form] */
const VALID_WITH_FEFF: [string, string][] = [
  ["\u{11D14}\uFEFF\u{11D12}", "\u{11D14}\u{11D12}"],
  ["\u{10849}\uFEFF\u{1085C}", "\u{10849}\u{1085C}"],
  ["\uFEFF\u183A\u1839\u185F\u185D", "\u183A\u1839\u185F\u185D"],
  ["\uFEFF\u{110A8}\u{11082}\u096E\u{1109A}", "\u{110A8}\u{11082}\u096E\u{1109A}"],
  ["\u{11A10}\u{11A1D}\uFEFF\u{11A40}\u{11A12}", "\u{11A10}\u{11A1D}\u{11A40}\u{11A12}"],
  ["\uFEFF\u{1083F}\u{1F9DB}\u{1F3FE}\u200D\u2642\uFE0F", "\u{1083F}\u{1F9DB}\u{1F3FE}\u200D\u2642"],
];

/** Labels with U+FEFF that ENSIP-15 refuses, for another reason than white space. */
const INVALID_WITH_FEFF = [
  "\u1762\uA805\uFEFF\uA80C\u09E7\u09EE", // illegal mixture
  "\u{1088D}\uFEFF\u2B0F\u{1F024}", // disallowed character U+2B0F
];

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  token = (await createPartner("ENSIP-15 vectors")).token.value;
  for (const [, normalized] of VALID_WITH_FEFF)
    await registerOwned(`${normalized}.web3`, "0x8ba1f109551bD432803012645Ac136ddd64DBA72");
});
afterAll(() => app.close());

const resolve = (name: string) => app.fetch(`/v1/resolve/${encodeURIComponent(name)}`, { token });

describe("U+FEFF (ignored by ENSIP-15) is not white space", () => {
  test.each(VALID_WITH_FEFF)("%j resolves as %j", async (label, normalized) => {
    expect(containsWhitespace(`${label}.web3`)).toBe(false);
    expect(normalizeWeb3Name(`${label}.web3`)).toBe(`${normalized}.web3`);
    const res = await resolve(`${label}.web3`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { domain: string }).domain).toBe(`${normalized}.web3`);
  });

  test.each(INVALID_WITH_FEFF)("%j is refused for what ENSIP-15 says, not as white space", async (label) => {
    const res = await resolve(`${label}.web3`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { field: string; info: string };
    expect(body.field).toBe("domain");
    expect(body.info).toMatch(/ENSIP-15/);
    expect(body.info).not.toMatch(/whitespace/);
  });

  test.each([" alice.web3", "alice.web3\n", "ali\u00A0ce.web3", "ali\u3000ce.web3", "\uFEFFali ce.web3"])(
    "%j still holds white space: 400",
    async (name) => {
      expect(containsWhitespace(name)).toBe(true);
      const res = await resolve(name);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { info: string }).info).toMatch(/whitespace/);
    },
  );
});
