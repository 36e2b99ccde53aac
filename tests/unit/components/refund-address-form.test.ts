// The refund claim's address field (components/orders/refund-address-schema.ts): the claim API's
// own rule once loaded, a trimmed address before.
import { describe, expect, it } from "vitest";
import * as refunds from "@/lib/contract/schemas/refunds";
import { refundAddressSchema } from "@/components/orders/refund-address-schema";

const MESSAGE = "refundAddress must be an address on the chain the payment came from";
const messages = (refundAddress: string, api: typeof refunds | null = refunds) =>
  (refundAddressSchema(api).safeParse({ refundAddress }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the refund address form", () => {
  it("sends the address trimmed", () => {
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(refundAddressSchema(refunds).parse({ refundAddress: ` ${address} ` })).toEqual({ refundAddress: address });
    expect(refundAddressSchema(null).parse({ refundAddress: ` ${address} ` })).toEqual({ refundAddress: address });
  });

  it("refuses a blank or overlong address in the API's words", () => {
    expect(messages("   ")).toEqual([["refundAddress", MESSAGE]]);
    expect(messages("x".repeat(121))).toEqual([["refundAddress", MESSAGE]]);
    expect(messages("x".repeat(120))).toEqual([]);
  });

  it("leaves the judging to the API until its rule has loaded", () => {
    expect(messages("x".repeat(121), null)).toEqual([]);
  });
});
