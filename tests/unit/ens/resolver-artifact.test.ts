// The committed build of our offchain resolver is what its source compiles to with the pinned solc:
// a changed source without `npm run ens -- compile`, or a build nobody can reproduce, fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileResolver, RESOLVER_ARTIFACT, serializeArtifact } from "@/lib/ens/resolver-contract";

describe("contracts/OffchainResolver.json", () => {
  it("is byte for byte what contracts/OffchainResolver.sol compiles to", () => {
    const committed = readFileSync(path.join(process.cwd(), RESOLVER_ARTIFACT), "utf8");
    const rebuilt = compileResolver();
    expect(rebuilt.compiler).toMatch(/^0\.8\.30\+/);
    expect(serializeArtifact(rebuilt)).toBe(committed);
  }, 120_000);

  it("is compiled by the exact solc pinned in package.json", () => {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies["solc-0.8"]).toBe("npm:solc@0.8.30");
  });
});
