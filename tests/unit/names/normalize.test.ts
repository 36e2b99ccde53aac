import { ens_normalize } from "@adraffy/ens-normalize";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { isPlainAsciiName, normalizeWeb3Name, REMEMBERED_NAMES, rememberedNameCount } from "@/lib/names/normalize";
import { normalizeNativeName } from "@/lib/registry/parent-domain";
import { normalizeFor } from "@/lib/resolution/resolve";

function refusal(run: () => unknown): { status: number; field: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, field: error.items[0].field };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("web3 names (ENSIP-15)", () => {
  test.each([
    ["ALICE.web3", "alice.web3"],
    ["shop.BRAND.web3", "shop.brand.web3"],
    ["vitalik.ETH", "vitalik.eth"],
    // ENSIP-15 maps full-width letters and removes FE0F; it does not trim.
    ["ａｌｉｃｅ.web3", "alice.web3"],
    ["\u2764\uFE0F.web3", "\u2764.web3"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeFor("native", input)).toBe(expected);
    expect(normalizeFor("ens", input)).toBe(expected);
  });

  test.each([
    ["a Cyrillic letter among Latin ones (confusable)", "аlice.web3"],
    ["a NUL control character", "ali\u0000ce.web3"],
    ["a bell control character", "ali\u0007ce.web3"],
    ["a right-to-left override", "ali\u202Ece.web3"],
    ["an empty label", "alice..web3"],
    ["an empty name", ""],
    ["only spaces", "   "],
    ["a space inside", "ali ce.web3"],
    // ENSIP-15 has no trimming: what is sent is the name, and a space is not a valid character.
    ["a leading space", " coffees.web3"],
    ["a trailing space", "coffees.web3 "],
    ["a leading tab", "\tcoffees.web3"],
    ["a trailing newline", "coffees.web3\n"],
    ["a no-break space", "\u00A0coffees.web3"],
    ["a trailing dot (an empty last label)", "alice.web3."],
  ])("refuses %s with 400 naming the field", (_, input) => {
    expect(refusal(() => normalizeFor("native", input))).toEqual({ status: 400, field: "domain" });
    expect(refusal(() => normalizeNativeName(input, "parentDomain"))).toEqual({ status: 400, field: "parentDomain" });
  });
});

describe("ICANN names (UTS-46)", () => {
  test.each([
    ["EXAMPLE.com", "example.com"],
    ["Bücher.de", "xn--bcher-kva.de"],
    ["www.example.co.uk.", "www.example.co.uk"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeFor("icann", input)).toBe(expected);
  });

  test.each([
    ["exa mple.com"],
    ["bad\u0000.com"],
    ["nodot"],
    [`${"a".repeat(64)}.com`],
    [" example.com"],
    ["example.com "],
    ["example.com.."],
  ])("refuses %j", (input) => {
    expect(refusal(() => normalizeFor("icann", input))).toEqual({ status: 400, field: "domain" });
  });
});

describe("the plain-ASCII shortcut", () => {
  // Names over the characters where the shortcut and ENSIP-15 could part: hyphens at every
  // position ("ab--c" is an invalid label extension), capitals, `_`, `$`, dots and empty labels.
  const name = fc
    .array(fc.constantFrom(..."ab0-._A$é".split("")), { minLength: 1, maxLength: 14 })
    .map((chars) => chars.join(""));

  test("a name it passes is its own ENSIP-15 form, and every name normalizes as ens_normalize says", () => {
    fc.assert(
      fc.property(name, (input) => {
        let expected: string | undefined;
        try {
          expected = ens_normalize(input);
        } catch {
          expected = undefined;
        }
        if (isPlainAsciiName(input)) expect(expected).toBe(input);
        let ours: string | undefined;
        try {
          ours = normalizeWeb3Name(input);
        } catch {
          ours = undefined;
        }
        // Ours refuses empty labels as well (ens_normalize lets "a..b" through).
        if (expected !== undefined && expected.split(".").every((label) => label !== "")) expect(ours).toBe(expected);
        else expect(ours).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
  });

  test.each(["ab--c.web3", "xn--abc.web3", "a_b.web3", "ABC.web3", "a..web3", ".web3"])(
    "%s is not shortcut",
    (input) => {
      expect(isPlainAsciiName(input)).toBe(false);
    },
  );
});

describe("remembered normalizations", () => {
  test(`at most ${REMEMBERED_NAMES} inputs keep their form; each still normalizes right after`, () => {
    const inputs = Array.from({ length: REMEMBERED_NAMES + 100 }, (_, i) => `Name${i}.WEB3`);
    for (const input of inputs) expect(normalizeWeb3Name(input)).toBe(input.toLowerCase());
    expect(rememberedNameCount()).toBe(REMEMBERED_NAMES);
    // The first, dropped, is computed again; the last is remembered.
    expect(normalizeWeb3Name(inputs[0])).toBe("name0.web3");
    expect(normalizeWeb3Name(inputs.at(-1)!)).toBe(`name${REMEMBERED_NAMES + 99}.web3`);
    expect(rememberedNameCount()).toBe(REMEMBERED_NAMES);
  });
});
