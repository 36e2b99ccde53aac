import { describe, expect, it } from "vitest";
import { ParentToShow } from "@/components/partner/parent-form";

const MESSAGE = "Type a parent domain with its TLD, e.g. brand.web3.";

describe("the dashboard's parent domain field", () => {
  it.each([
    ["brand.web3", "brand.web3"],
    [" Brand.WEB3 ", "brand.web3"],
    ["shop.brand.web3", "shop.brand.web3"],
    ["xn--bcher-kva.meta", "xn--bcher-kva.meta"],
  ])("takes %j as %j", (typed, shown) => {
    expect(ParentToShow.parse({ parent: typed })).toEqual({ parent: shown });
  });

  it.each(["", "brand", "brand.", ".web3", "brand..web3", "my brand.web3", "brand.web3 x"])(
    "refuses %j with the hint",
    (typed) => {
      const parsed = ParentToShow.safeParse({ parent: typed });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["parent", MESSAGE]]);
    },
  );
});
