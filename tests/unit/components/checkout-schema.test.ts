// The purchase form's rules (components/checkout/checkout-schema.ts), with the API's own checks
// loaded as the page loads them.
import { expect, test } from "vitest";
import * as market from "@/lib/contract/schemas/market";
import { checkoutSchema, type CheckoutValues } from "@/components/checkout/checkout-schema";
import { buildValidators, type Validators } from "@/components/checkout/use-validators";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const validators = buildValidators(market);
const base: CheckoutValues = {
  years: 2,
  ownerAddress: OWNER,
  walletAddrs: [],
  method: "card",
  currency: "ETH",
  ownerName: "",
  ownerEmail: "",
};

function problems(form: Partial<CheckoutValues>, rules: Validators | null = validators): Record<string, string> {
  const result = checkoutSchema(rules).safeParse({ ...base, ...form });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

test("the owner address is asked for, then judged by the purchase schema's own rule", () => {
  expect(problems({ ownerAddress: "  " })).toEqual({
    ownerAddress: "Enter the EVM address (0x…) that will own the name.",
  });
  expect(problems({ ownerAddress: "0x1234" }).ownerAddress).toMatch(/ownerAddress must be an EVM address/);
  expect(problems({})).toEqual({});
});

test("wallet rows: an empty address, a coin used twice, an address its coin rejects", () => {
  expect(
    problems({
      walletAddrs: [
        { coinId: 60, addr: "" },
        { coinId: 0, addr: "not-an-address" },
        { coinId: 60, addr: OWNER },
        { coinId: 2147492101, addr: OWNER },
      ],
    }),
  ).toEqual({
    "walletAddrs.0.addr": "Enter an address or remove this wallet.",
    "walletAddrs.1.addr": expect.stringMatching(/not a valid address for coin type 0/),
    "walletAddrs.2.addr": "This coin already has an address above.",
  });
});

test("a crypto buyer gives a name and a valid e-mail; a card buyer does not", () => {
  expect(problems({ method: "crypto" })).toEqual({
    ownerName: "Enter the name of the owner.",
    ownerEmail: "Enter an e-mail address for the receipt.",
  });
  expect(Object.keys(problems({ method: "crypto", ownerName: "Ada", ownerEmail: "not-mail" }))).toEqual(["ownerEmail"]);
  expect(problems({ method: "card", ownerEmail: "not-mail" })).toEqual({});
});

test("the request sent is trimmed", () => {
  const result = checkoutSchema(validators).parse({
    ...base,
    ownerAddress: `  ${OWNER} `,
    walletAddrs: [{ coinId: 60, addr: ` ${OWNER}\t` }],
    method: "crypto",
    ownerName: " Ada Lovelace ",
    ownerEmail: " ada@example.com ",
  });
  expect(result).toEqual({
    years: 2,
    ownerAddress: OWNER,
    walletAddrs: [{ coinId: 60, addr: OWNER }],
    method: "crypto",
    currency: "ETH",
    ownerName: "Ada Lovelace",
    ownerEmail: "ada@example.com",
  });
});

test("until the API's rules have loaded only presence is judged (the API judges the rest on submit)", () => {
  expect(problems({ ownerAddress: "0x1234", walletAddrs: [{ coinId: 0, addr: "nope" }] }, null)).toEqual({});
  expect(problems({ ownerAddress: "" }, null)).toEqual({
    ownerAddress: "Enter the EVM address (0x…) that will own the name.",
  });
});
