// The test checkout's card number (components/checkout/test-card-schema.ts): the digits sent, the
// form's own sentence for a wrong length, the test processor API's for a wrong check digit.
import { describe, expect, it } from "vitest";
import { TestCard } from "@/components/checkout/test-card-schema";

const LENGTH = "Enter a card number of 12 to 19 digits, e.g. 4242 4242 4242 4242.";
const CHECK_DIGIT = "cardNumber must be 12 to 19 digits with a valid check digit";
const messages = (cardNumber: string) =>
  (TestCard.safeParse({ cardNumber }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the test card form", () => {
  it.each([
    ["4242 4242 4242 4242", "4242424242424242"],
    ["4000-0000-0000-0002", "4000000000000002"],
    [" 5555555555554444 ", "5555555555554444"],
  ])("sends %j as %j", (typed, digits) => {
    expect(TestCard.parse({ cardNumber: typed })).toEqual({ cardNumber: digits });
  });

  it.each(["", "4242", "4242 4242 4242 4242 4242", "4242 4242 abcd 4242"])("refuses %j by its length", (typed) => {
    expect(messages(typed)).toEqual([["cardNumber", LENGTH]]);
  });

  it("refuses a number whose check digit is wrong in the API's words", () => {
    expect(messages("4242 4242 4242 4241")).toEqual([["cardNumber", CHECK_DIGIT]]);
  });
});
