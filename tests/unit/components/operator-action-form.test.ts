// The operator action form's rules (components/operator/action-schema.ts): the request it sends,
// judged by the actions API's own schema, its messages on the form's fields.
import { describe, expect, it } from "vitest";
import * as operator from "@/lib/contract/schemas/operator";
import { actionSchema, type ActionValues } from "@/components/operator/action-schema";

const ORDER = "0b6f2a8e-3f7c-4c1e-9a51-5d2d7f0e4b11";
const REASON = "reason must say why, in words (3 to 500 characters)";
const problems = (form: ActionValues, api: typeof operator | null = operator) =>
  (actionSchema(api).safeParse(form).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the operator action form", () => {
  it("puts the target under the name the action takes", () => {
    expect(actionSchema(operator).parse({ action: "refund-order", target: ` ${ORDER} `, reason: " asked " })).toEqual({
      action: "refund-order",
      orderId: ORDER,
      reason: "asked",
    });
    expect(actionSchema(operator).parse({ action: "suspend-name", target: " Bad.WEB3 ", reason: "abuse" })).toEqual({
      action: "suspend-name",
      name: "bad.web3",
      reason: "abuse",
    });
    expect(actionSchema(null).parse({ action: "write-off-dust", target: ORDER, reason: "x" })).toEqual({
      action: "write-off-dust",
      refundId: ORDER,
      reason: "x",
    });
  });

  it("shows the API's messages at the target and reason boxes", () => {
    expect(problems({ action: "accept-underpaid", target: "not-a-uuid", reason: "ok" })).toEqual([
      ["target", "orderId must be the uuid of an order"],
      ["reason", REASON],
    ]);
    expect(problems({ action: "write-off-dust", target: "1", reason: "dust too small" })).toEqual([
      ["target", "refundId must be the uuid of a refund"],
    ]);
    expect(problems({ action: "release-name", target: "  ", reason: "x".repeat(501) })).toEqual([
      ["target", "name must be a registered name"],
      ["reason", REASON],
    ]);
  });

  it("leaves the judging to the API until its schema has loaded", () => {
    expect(problems({ action: "accept-underpaid", target: "", reason: "" }, null)).toEqual([]);
  });
});
