// Endpoint 3 on an ENS parent reads the chain (anvil, ENS's registry): each failed check is a
// sentence in `reason`, and `status` turns true as the set-up is completed: the claimant owns the
// name on chain, its resolver (found by ENS's rules) is ours and supports ENSIP-10, and a canary
// sub-name resolved through it with our gateway's signed answer is accepted on chain. Claims are
// signed by plain keys, deployed wallets (EIP-1271) and wallets not yet deployed (EIP-6492).
import path from "node:path";
import { getAddress, namehash, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatement } from "@/lib/registry/claim-ens-parent";
import { createPartner } from "@/lib/partners/create-partner";
import { deployResolver, readResolverArtifact } from "@/lib/ens/resolver-contract";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { chainClients, deploy, deployEns, send, type EnsDeployment } from "@/tests/support/ens-deploy";
import { ensParentOfNewPartner, type EnsParent } from "@/tests/support/ens-parent-fixtures";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { SIGN_IN_HOST } from "@/tests/support/owner-fixtures";
import { deploySmartWallets } from "@/tests/support/smart-wallet";
import { compileSolidity08 } from "@/tests/support/universal-resolver";

async function newPartner(name: string): Promise<EnsParent> {
  const { partner, token } = await createPartner(name);
  return { partnerId: partner.id, adminToken: token.value };
}

const SIGNER_KEY: Hex = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const STRANGER_SIGNER: Address = "0x000000000000000000000000000000000000bEEF";

let node: EvmNode;
let ens: EnsDeployment;
let app: TestApp;
let parent: EnsParent;
let ours: Address;
let untrusting: Address;
let claimant: Address;

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  await ens.register("brand.eth");
  const signer = privateKeyToAccount(SIGNER_KEY).address;
  const deploy = (signers: Address[]) =>
    deployResolver({
      rpcUrl: node.rpcUrl,
      deployerKey: node.accounts[0]!.privateKey,
      url: "http://127.0.0.1:9/{sender}/{data}.json",
      signers,
      artifact: readResolverArtifact(),
    }).then((deployed) => deployed.address);
  ours = await deploy([signer]);
  // Listed as ours, but trusting another signer: the canary must fail on it.
  untrusting = await deploy([STRANGER_SIGNER]);
  app = await startTestApp({
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    ENS_GATEWAY_SIGNER_KEY: SIGNER_KEY,
    ENS_RESOLVERS: `${node.chainId}:${ours},${node.chainId}:${untrusting}`,
  });
  claimant = getAddress(node.accounts[1]!.address);
  parent = await ensParentOfNewPartner("brand.eth", claimant);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

async function validation(): Promise<{ status: boolean; reason: string }> {
  const res = await app.fetch("/v1/parentdomains/brand.eth", { token: parent.adminToken });
  expect(res.status).toBe(200);
  return res.json() as never;
}

it("goes from status false, with each reason, to true as the set-up is completed", async () => {
  const first = await validation();
  expect(first.status).toBe(false);
  expect(first.reason).toContain("has no sub-domain price");
  expect(first.reason).toContain(`is owned on chain by ${getAddress(node.accounts[0]!.address)}, not by its claimant`);
  expect(first.reason).toContain(`resolver on chain is ${getAddress(ens.resolver)}, not one of ours`);

  const priced = await app.fetch("/v1/parentdomains/brand.eth", {
    method: "PATCH",
    token: parent.adminToken,
    json: { subdomainPriceUsd: 5 },
  });
  expect(priced.status).toBe(200);
  await ens.transfer("brand.eth", claimant);
  const owned = await validation();
  expect(owned.reason).not.toContain("owned on chain");
  expect(owned.reason).not.toContain("sub-domain price");
  expect(owned.reason).toContain("not one of ours");

  const owner = chainClients(node, 1);
  await send(owner, ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), untrusting]);
  const refused = await validation();
  expect(refused.status).toBe(false);
  expect(refused.reason).toContain("refused our gateway's signed answer");

  await send(owner, ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), ours]);
  expect(await validation()).toEqual({ parentDomain: "brand.eth", status: true, reason: "" });

  // The chain moves on without us: the answer is read again, never kept.
  await send(owner, ens.registry, ens.registryAbi, "setOwner", [namehash("brand.eth"), node.accounts[2]!.address]);
  const lost = await validation();
  expect(lost.status).toBe(false);
  expect(lost.reason).toContain(`is owned on chain by ${getAddress(node.accounts[2]!.address)}`);
});

describe("claiming an ENS name as a parent domain", () => {
  const NAME = "claimed.eth";

  async function claimMessage(options: {
    signer: `0x${string}`;
    address?: Address;
    statement?: string;
    partner?: EnsParent;
  }) {
    const nonce = ((await (await app.fetch("/v1/owner/nonce")).json()) as { nonce: string }).nonce;
    const account = privateKeyToAccount(options.signer);
    const partnerId = (options.partner ?? claimer).partnerId;
    const message = createSiweMessage({
      address: options.address ?? account.address,
      chainId: node.chainId,
      domain: SIGN_IN_HOST,
      nonce,
      uri: `http://${SIGN_IN_HOST}/partner`,
      version: "1",
      issuedAt: new Date(),
      statement: options.statement ?? claimStatement(NAME, partnerId),
    });
    return { message, signature: await account.signMessage({ message }) };
  }

  const claim = (body: unknown, partner: EnsParent = claimer) =>
    app.fetch(`/v1/parentdomains/${NAME}/claim`, {
      method: "POST",
      token: partner.adminToken,
      json: body,
      host: SIGN_IN_HOST,
    });

  let claimer: EnsParent;
  let rival: EnsParent;
  const ownerKey = () => node.accounts[3]!.privateKey;

  beforeAll(async () => {
    await ens.register(NAME);
    await ens.transfer(NAME, getAddress(node.accounts[3]!.address));
    claimer = await newPartner("Claimer");
    rival = await newPartner("Rival");
  });

  it("refuses a message not signed by the owner on chain, or stating another partner", async () => {
    const impostor = await claim(await claimMessage({ signer: node.accounts[4]!.privateKey }));
    expect(impostor.status).toBe(400);
    expect(((await impostor.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("message");
    const forged = await claimMessage({
      signer: node.accounts[4]!.privateKey,
      address: getAddress(node.accounts[3]!.address),
    });
    const wrongSignature = await claim(forged);
    expect(wrongSignature.status).toBe(400);
    expect(((await wrongSignature.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("signature");
    const otherPartner = await claim(
      await claimMessage({ signer: ownerKey(), statement: claimStatement(NAME, rival.partnerId) }),
    );
    expect(otherPartner.status).toBe(400);
    const nothing = (await (await app.fetch(`/v1/parentdomains/${NAME}`, { token: claimer.adminToken })).json()) as {
      reason: string;
    };
    expect(nothing.reason).toBe(`${NAME} is not registered in the native registry.`);
  });

  it("registers the parent for the partner when its owner on chain signed, once per nonce", async () => {
    const body = await claimMessage({ signer: ownerKey() });
    const res = await claim(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ parentDomain: NAME, ownerAddress: getAddress(node.accounts[3]!.address) });
    expect((await claim(body)).status).toBe(400);
    const validated = (await (await app.fetch(`/v1/parentdomains/${NAME}`, { token: claimer.adminToken })).json()) as {
      reason: string;
    };
    expect(validated.reason).not.toContain("owned on chain");
    expect(validated.reason).toContain("not one of ours");
    // Another partner cannot take it over, even with the owner's signature for itself.
    expect((await claim(await claimMessage({ signer: ownerKey(), partner: rival }), rival)).status).toBe(403);
  });

  it("accepts the signature of a smart-contract wallet that owns the name (EIP-1271)", async () => {
    const file = path.join(process.cwd(), "tests/support/ens-contracts/ContractWalletStandIn.sol");
    const walletOwner = privateKeyToAccount(node.accounts[5]!.privateKey);
    const wallet = await deploy(chainClients(node, 0), compileSolidity08(file, "ContractWalletStandIn"), [
      walletOwner.address,
    ]);
    const name = "safe.eth";
    await ens.register(name);
    await ens.transfer(name, wallet);
    const nonce = ((await (await app.fetch("/v1/owner/nonce")).json()) as { nonce: string }).nonce;
    const message = createSiweMessage({
      address: getAddress(wallet),
      chainId: node.chainId,
      domain: SIGN_IN_HOST,
      nonce,
      uri: `http://${SIGN_IN_HOST}/partner`,
      version: "1",
      issuedAt: new Date(),
      statement: claimStatement(name, claimer.partnerId),
    });
    const res = await app.fetch(`/v1/parentdomains/${name}/claim`, {
      method: "POST",
      token: claimer.adminToken,
      json: { message, signature: await walletOwner.signMessage({ message }) },
      host: SIGN_IN_HOST,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ parentDomain: name, ownerAddress: getAddress(wallet) });
  });

  it("accepts a wallet not yet deployed (EIP-6492) that owns the name, and deploys nothing", async () => {
    const wallets = await deploySmartWallets(node);
    const walletOwner = privateKeyToAccount(node.accounts[6]!.privateKey);
    const { address, factory, factoryData } = await wallets.counterfactual(walletOwner.address);
    const { publicClient } = chainClients(node);
    expect(await publicClient.getCode({ address })).toBeUndefined();
    const name = "counterfactual.eth";
    await ens.register(name);
    await ens.transfer(name, address);
    const claimBy = async (signer: typeof walletOwner) => {
      const nonce = ((await (await app.fetch("/v1/owner/nonce")).json()) as { nonce: string }).nonce;
      const message = createSiweMessage({
        address: getAddress(address),
        chainId: node.chainId,
        domain: SIGN_IN_HOST,
        nonce,
        uri: `http://${SIGN_IN_HOST}/partner`,
        version: "1",
        issuedAt: new Date(),
        statement: claimStatement(name, claimer.partnerId),
      });
      const signature = await wallets.signUndeployed(signer, message, factory, factoryData);
      return app.fetch(`/v1/parentdomains/${name}/claim`, {
        method: "POST",
        token: claimer.adminToken,
        json: { message, signature },
        host: SIGN_IN_HOST,
      });
    };
    const forged = await claimBy(privateKeyToAccount(node.accounts[7]!.privateKey));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("signature");
    const res = await claimBy(walletOwner);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ parentDomain: name, ownerAddress: getAddress(address) });
    // Judged in a call, not a transaction: the wallet is still not on chain.
    expect(await publicClient.getCode({ address })).toBeUndefined();
  });
});
