// The gateway's signing key and what it signs: the key generated once into DATA_DIR on the embedded
// database (like the JWT secret), refused without ENS_GATEWAY_SIGNER_KEY on PostgreSQL, and the
// hash and signature of the reference test vector (docs: shared/reference/ens-offchain.md).
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodeAbiParameters, type Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { setConfig } from "@/lib/config";
import { gatewaySigner, signatureHash } from "@/lib/ens/gateway-signer";
import { addrCall, resolveCall } from "@/tests/support/ens-parent-fixtures";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  setConfig({});
});

describe("the gateway's signing key", () => {
  it("is generated once into DATA_DIR (mode 600) on the embedded database and kept", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-ens-key-"));
    dirs.push(dir);
    setConfig({ DATA_DIR: dir, DATABASE_URL: undefined, ENS_GATEWAY_SIGNER_KEY: undefined });
    const first = gatewaySigner().address;
    const file = path.join(dir, "ens-gateway-signer-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(privateKeyToAddress(readFileSync(file, "utf8").trim() as Hex)).toBe(first);
    expect(gatewaySigner().address).toBe(first);
  });

  it("is required with PostgreSQL: the gateway is 503 until it is set", () => {
    setConfig({ DATABASE_URL: "postgresql://x@127.0.0.1:1/db", ENS_GATEWAY_SIGNER_KEY: undefined });
    let error: unknown;
    try {
      gatewaySigner();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toMatch(/ENS_GATEWAY_SIGNER_KEY/);
    const key: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    setConfig({ DATABASE_URL: "postgresql://x@127.0.0.1:1/db", ENS_GATEWAY_SIGNER_KEY: key });
    expect(gatewaySigner().address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  });
});

describe("the reference test vector", () => {
  const resolver = "0x8464135c8F25Da09e49BC8782676a84730C318bC";
  const callData = resolveCall("test.eth", addrCall("test.eth"));
  const result = encodeAbiParameters([{ type: "address" }], ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]);

  it("has the inner query and digest the reference gives", () => {
    expect(addrCall("test.eth")).toBe("0x3b3b57deeb4f647bea6caa36333c816d7b46fdcb05f9466ecacc140ea8c66faf15b3d9f1");
    expect(signatureHash(resolver, 1767225600n, callData, result)).toBe(
      "0x9e21d7c2cedd224cfef4954244503358fb4f2a89cec0efdac1277cb19317a6fd",
    );
  });

  it("is signed as the reference signs it: 65 bytes r ‖ s ‖ v over the raw digest", async () => {
    setConfig({ ENS_GATEWAY_SIGNER_KEY: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" });
    const sig = await gatewaySigner().signDigest(signatureHash(resolver, 1767225600n, callData, result));
    expect(sig).toBe(
      "0x87a7a869785fde8e601885cb21f451dc394a3ee6144c7115e33fbd453878977f" +
        "29862f6c4eb8f4b095cffc260277b8b4d5592266e765207552a539f62a111b811b",
    );
  });
});
