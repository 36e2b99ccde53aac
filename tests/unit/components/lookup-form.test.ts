// The lookup box's rule (components/resolve/lookup-schema.ts): which page a query opens, and the
// sentence shown when it opens none.
import { describe, expect, it } from "vitest";
import { LookupQuery } from "@/components/resolve/lookup-schema";

const messages = (query: string) =>
  (LookupQuery.safeParse({ query }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the lookup form", () => {
  it.each([
    ["alice.web3", "/resolve/alice.web3"],
    ["  alice.web3 ", "/resolve/alice.web3"],
    ["bücher.meta", `/resolve/${encodeURIComponent("bücher.meta")}`],
    ["0x8ba1f109551bD432803012645Ac136ddd64DBA72", "/reverse/0x8ba1f109551bD432803012645Ac136ddd64DBA72"],
    ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "/reverse/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"],
  ])("opens %j at %j", (query, path) => {
    expect(LookupQuery.parse({ query })).toEqual({ query: path });
  });

  it("asks for something when the box is blank", () => {
    expect(messages("   ")).toEqual([["query", "Type a name such as alice.web3, or an address such as 0x8ba1…BA72."]]);
  });

  it("refuses a name without a TLD, naming the full name to type", () => {
    expect(messages(" alice ")).toEqual([
      ["query", '"alice" has no TLD: type a full name such as alice.web3, or a wallet address.'],
    ]);
  });
});
