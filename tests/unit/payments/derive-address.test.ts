import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { HDNodeWallet } from "ethers";
import { sha256 } from "viem";
import { setConfig } from "@/lib/config";
import { closeDatabase, openDatabase } from "@/lib/db";
import { paymentCurrency } from "@/lib/payments/crypto/currencies";
import {
  allocateDepositAddress,
  btcAddressAt,
  evmAddressAt,
  ExtendedKeyError,
  releaseDepositAddress,
  TEST_MNEMONIC,
  testBtcXpub,
  testEvmXpub,
} from "@/lib/payments/crypto/derive-address";

const base58check = createBase58check((data: Uint8Array) => sha256(data, "bytes"));

/** The same key under another version prefix (zpub → xpub, vpub → tpub). */
function withVersion(key: string, version: number): string {
  const raw = base58check.decode(key);
  const copy = new Uint8Array(raw);
  new DataView(copy.buffer).setUint32(0, version);
  return base58check.encode(copy);
}

describe("EVM derivation, BIP44 m/44'/60'/0'/0/i of the abandon… about mnemonic", () => {
  test("matches the well-known addresses", () => {
    const xpub = testEvmXpub();
    expect(xpub.startsWith("xpub")).toBe(true);
    expect(evmAddressAt(xpub, 0)).toBe("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
    expect(evmAddressAt(xpub, 1)).toBe("0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0");
  });

  test("agrees with an independent implementation (ethers) at further indices", () => {
    const xpub = testEvmXpub();
    for (const index of [2, 7, 19, 1000]) {
      const expected = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).address;
      expect(evmAddressAt(xpub, index)).toBe(expected);
    }
  });

  test("accepts a receive-chain key (depth 4) and derives the same addresses", () => {
    const receiveChain = HDKey.fromExtendedKey(testEvmXpub()).deriveChild(0).publicExtendedKey;
    expect(evmAddressAt(receiveChain, 0)).toBe("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
  });

  test("refuses private keys, garbage and keys at the wrong depth", () => {
    const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'").privateExtendedKey;
    expect(() => evmAddressAt(xprv, 0)).toThrow(/private key/);
    expect(() => evmAddressAt("not-a-key", 0)).toThrow(ExtendedKeyError);
    const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).publicExtendedKey;
    expect(() => evmAddressAt(root, 0)).toThrow(/depth 0/);
    expect(() => evmAddressAt(testEvmXpub(), 2 ** 31)).toThrow(RangeError);
  });
});

describe("Bitcoin derivation, BIP84 native SegWit", () => {
  test("mainnet matches the BIP84 test vectors (zpub and the same key as xpub)", () => {
    const zpub = testBtcXpub("mainnet");
    expect(zpub).toBe(
      "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
    );
    expect(btcAddressAt(zpub, "mainnet", 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    expect(btcAddressAt(zpub, "mainnet", 1)).toBe("bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g");
    const xpub = withVersion(zpub, 0x0488b21e);
    expect(xpub.startsWith("xpub")).toBe(true);
    expect(btcAddressAt(xpub, "mainnet", 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  });

  test("testnet (vpub or tpub) and regtest share the witness program under their own prefixes", () => {
    const vpub = testBtcXpub("testnet");
    expect(vpub.startsWith("vpub")).toBe(true);
    expect(btcAddressAt(vpub, "testnet", 0)).toBe("tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
    const tpub = withVersion(vpub, 0x043587cf);
    expect(tpub.startsWith("tpub")).toBe(true);
    expect(btcAddressAt(tpub, "testnet", 0)).toBe("tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
    expect(btcAddressAt(vpub, "regtest", 0)).toBe("bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk");
  });

  test("a key of the other network is refused", () => {
    expect(() => btcAddressAt(testBtcXpub("mainnet"), "testnet", 0)).toThrow(/does not belong to Bitcoin testnet/);
    expect(() => btcAddressAt(testBtcXpub("testnet"), "mainnet", 0)).toThrow(/does not belong to Bitcoin mainnet/);
  });
});

describe("allocateDepositAddress", () => {
  beforeAll(async () => {
    await openDatabase();
  });
  afterAll(closeDatabase);

  test("hands out consecutive indices, shared by ETH and USDC, never the same twice under concurrency", async () => {
    const cfg = setConfig({ PAYMENTS_EVM_CHAIN_ID: 1, CRYPTO_EVM_XPUB: undefined });
    const first = await allocateDepositAddress(paymentCurrency("ETH", cfg), { cfg });
    expect(first).toEqual({
      address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
      derivationIndex: 0,
      derivationPath: "0/0",
      isTestKey: true,
    });
    const second = await allocateDepositAddress(paymentCurrency("USDC", cfg), { cfg });
    expect(second.derivationIndex).toBe(1);
    expect(second.address).toBe("0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0");

    const many = await Promise.all(
      Array.from({ length: 12 }, () => allocateDepositAddress(paymentCurrency("ETH", cfg), { cfg })),
    );
    expect(many.map((d) => d.derivationIndex).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect(new Set(many.map((d) => d.address)).size).toBe(12);
  });

  test("an index given back is taken next, and given back only once (a second release writes nothing)", async () => {
    const cfg = setConfig({ PAYMENTS_EVM_CHAIN_ID: 1, CRYPTO_EVM_XPUB: undefined });
    const eth = paymentCurrency("ETH", cfg);
    const taken = await allocateDepositAddress(eth, { cfg });
    expect(await releaseDepositAddress(eth, taken, randomUUID(), cfg)).toBe(true);
    expect(await releaseDepositAddress(eth, taken, randomUUID(), cfg)).toBe(false);
    expect(await allocateDepositAddress(paymentCurrency("USDC", cfg), { cfg })).toEqual(taken);
    expect((await allocateDepositAddress(eth, { cfg })).derivationIndex).toBe(taken.derivationIndex + 1);
  });

  test("Bitcoin has its own sequence and reports a configured key as not a test key", async () => {
    const cfg = setConfig({ PAYMENTS_BTC_NETWORK: "mainnet", CRYPTO_BTC_XPUB: testBtcXpub("mainnet") });
    const first = await allocateDepositAddress(paymentCurrency("BTC", cfg), { cfg });
    expect(first).toEqual({
      address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      derivationIndex: 0,
      derivationPath: "0/0",
      isTestKey: false,
    });
  });
});
