// The transfer form's rule (components/owner/transfer-schema.ts), with the owner API's own check
// loaded as the page loads it.
import { describe, expect, it } from "vitest";
import * as market from "@/lib/contract/schemas/market";
import * as owner from "@/lib/contract/schemas/owner";
import { transferSchema } from "@/components/owner/transfer-schema";
import { buildOwnerValidators } from "@/components/owner/use-owner-validators";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BUYER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const validators = buildOwnerValidators(owner, market);
const messages = (ownerAddress: string, rules: typeof validators | null = validators) =>
  (transferSchema(rules, OWNER).safeParse({ ownerAddress }).error?.issues ?? []).map((i) => [
    i.path.join("."),
    i.message,
  ]);

describe("the transfer form", () => {
  it("passes another valid address, trimmed", () => {
    expect(transferSchema(validators, OWNER).parse({ ownerAddress: ` ${BUYER} ` })).toEqual({ ownerAddress: BUYER });
  });

  it("asks for an address when the box is blank", () => {
    expect(messages("  ")).toEqual([["ownerAddress", "Enter the address (0x…) that will own the name."]]);
  });

  it("refuses the owner's own address in any case", () => {
    expect(messages(OWNER.toLowerCase())).toEqual([
      ["ownerAddress", "That is your own address: the name is already yours."],
    ]);
  });

  it("judges the rest by the transfer API's rule, once it has loaded", () => {
    expect(messages("0x1234")).toEqual([
      ["ownerAddress", expect.stringMatching(/^ownerAddress must be an EVM address/)],
    ]);
    expect(messages(BUYER.replace("C44", "c44"))).toEqual([
      ["ownerAddress", expect.stringMatching(/valid EIP-55 checksum/)],
    ]);
    expect(messages("0x1234", null)).toEqual([]);
  });
});
