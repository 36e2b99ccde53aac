// Owners whose wallet is a smart contract (a Safe, a Coinbase Smart Wallet) sign in: the wallet
// judges its own signatures (EIP-1271 isValidSignature), and a wallet not yet deployed is judged
// through the factory call its signature carries (EIP-6492), on a local chain through ETH_RPC_URL.
// A key that is not the wallet's owner is refused either way.
import { getAddress, type Address, type Hex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { verifyAddressSignature } from "@/lib/siwe/verify-signature";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { chainClients } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { getNonce, newAccount, postSession, SIGN_IN_HOST } from "@/tests/support/owner-fixtures";
import { deploySmartWallets, type SmartWallets } from "@/tests/support/smart-wallet";

let node: EvmNode;
let wallets: SmartWallets;
let app: TestApp;

beforeAll(async () => {
  node = await startEvmNode();
  wallets = await deploySmartWallets(node);
  app = await startTestApp({ ETH_RPC_URL: node.rpcUrl });
}, 90_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

async function messageFor(address: Address): Promise<string> {
  return createSiweMessage({
    address: getAddress(address),
    chainId: 1,
    domain: SIGN_IN_HOST,
    nonce: await getNonce(app),
    uri: `http://${SIGN_IN_HOST}/names`,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to manage your names.",
  });
}

async function signInWith(message: string, signature: Hex) {
  const res = await postSession(app, { message, signature });
  return { status: res.status, body: (await res.json()) as { token?: string; address?: string; info?: string } };
}

describe("a deployed smart-contract wallet (EIP-1271)", () => {
  test("its owner key's signature signs the wallet in, and the session works", async () => {
    const owner = newAccount();
    const wallet = await wallets.deployWallet(owner.address);
    const message = await messageFor(wallet);
    const { status, body } = await signInWith(message, await owner.signMessage({ message }));
    expect(status).toBe(201);
    expect(body.address).toBe(getAddress(wallet));
    const names = await app.fetch("/v1/owner/names", { token: body.token });
    expect(names.status).toBe(200);
  });

  test("another key's signature for the wallet is 401", async () => {
    const owner = newAccount();
    const wallet = await wallets.deployWallet(owner.address);
    const message = await messageFor(wallet);
    const { status, body } = await signInWith(message, await newAccount().signMessage({ message }));
    expect(status).toBe(401);
    expect(body.info).toMatch(/not .*'s signature/);
  });
});

describe("a wallet not yet deployed (EIP-6492)", () => {
  test("its owner key's wrapped signature signs it in, and nothing is deployed", async () => {
    const owner = newAccount();
    const { address, factory, factoryData } = await wallets.counterfactual(owner.address);
    const { publicClient } = chainClients(node);
    expect(await publicClient.getCode({ address })).toBeUndefined();
    const message = await messageFor(address);
    const { status, body } = await signInWith(
      message,
      await wallets.signUndeployed(owner, message, factory, factoryData),
    );
    expect(status).toBe(201);
    expect(body.address).toBe(getAddress(address));
    // Judged in a call, not a transaction: the wallet is still not on chain.
    expect(await publicClient.getCode({ address })).toBeUndefined();
  });

  test("a wrapped signature by a key that is not the wallet's owner is 401", async () => {
    const owner = newAccount();
    const { address, factory, factoryData } = await wallets.counterfactual(owner.address);
    const message = await messageFor(address);
    const forged = await wallets.signUndeployed(newAccount(), message, factory, factoryData);
    expect((await signInWith(message, forged)).status).toBe(401);
    // Nor does the owner's deployment data lend its wallet to another address.
    const stranger = newAccount();
    const strangerMessage = await messageFor(stranger.address);
    const borrowed = await wallets.signUndeployed(owner, strangerMessage, factory, factoryData);
    expect((await signInWith(strangerMessage, borrowed)).status).toBe(401);
  });
});

describe("verifyAddressSignature", () => {
  test("a plain key verifies without the chain; a wallet's signature needs it (503 when it is down)", async () => {
    const key = newAccount();
    const message = "hello";
    const plain = await key.signMessage({ message });
    const down = { rpcUrl: "http://127.0.0.1:9/" };
    expect(await verifyAddressSignature({ address: key.address, message, signature: plain }, down)).toBe(true);
    const wallet = await wallets.deployWallet(key.address);
    const error = await verifyAddressSignature({ address: wallet, message, signature: plain }, down).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(await verifyAddressSignature({ address: wallet, message, signature: plain }, { rpcUrl: node.rpcUrl })).toBe(
      true,
    );
    expect(await verifyAddressSignature({ address: wallet, message, signature: "0x1234" })).toBe(false);
  });
});
