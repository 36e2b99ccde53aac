// ENS parents for tests: a partner's brand.eth in the registry, sub-names issued over HTTP, owners'
// record edits over HTTP, and the calls a client sends our CCIP-Read gateway.
import {
  decodeAbiParameters,
  encodeFunctionData,
  namehash,
  parseAbi,
  stringToBytes,
  bytesToHex,
  type Address,
  type Hex,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createPartner } from "@/lib/partners/create-partner";
import { registerEnsParent } from "@/lib/registry/ens-parent";
import type { TestApp } from "./app";
import { signIn } from "./owner-fixtures";

export const recordAbi = parseAbi([
  "function addr(bytes32 node) view returns (address)",
  "function addr(bytes32 node, uint256 coinType) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
  "function contenthash(bytes32 node) view returns (bytes)",
  "function multicall(bytes[] data) returns (bytes[] results)",
  "function resolve(bytes name, bytes data) view returns (bytes)",
]);

/** ENSIP-10's DNS wire format of a name. */
export function dnsEncode(name: string): Hex {
  const parts: number[] = [];
  for (const label of name.split(".")) {
    const bytes = stringToBytes(label);
    parts.push(bytes.length, ...bytes);
  }
  parts.push(0);
  return bytesToHex(Uint8Array.from(parts));
}

/** The callData our resolver reverts with for `inner` asked of `name`. */
export function resolveCall(name: string, inner: Hex, encodedName = dnsEncode(name)): Hex {
  return encodeFunctionData({ abi: recordAbi, functionName: "resolve", args: [encodedName, inner] });
}

export const addrCall = (name: string, node: Hex = namehash(name)) =>
  encodeFunctionData({ abi: recordAbi, functionName: "addr", args: [node] });
export const coinCall = (name: string, coinType: bigint) =>
  encodeFunctionData({ abi: recordAbi, functionName: "addr", args: [namehash(name), coinType] });
export const textCall = (name: string, key: string) =>
  encodeFunctionData({ abi: recordAbi, functionName: "text", args: [namehash(name), key] });
export const contenthashCall = (name: string) =>
  encodeFunctionData({ abi: recordAbi, functionName: "contenthash", args: [namehash(name)] });

export const ANSWER = [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }] as const;

export function decodeAnswer(data: Hex): { result: Hex; expires: bigint; sig: Hex } {
  const [result, expires, sig] = decodeAbiParameters(ANSWER, data);
  return { result, expires, sig };
}

export interface EnsParent {
  partnerId: string;
  adminToken: string;
}

/** A partner holding `parent` (brand.eth) as its ENS parent domain, with an ADMIN token. */
export async function ensParentOfNewPartner(parent: string, owner: Address): Promise<EnsParent> {
  const { partner, token } = await createPartner(`Owner of ${parent}`);
  await registerEnsParent({ partnerId: partner.id, name: parent, ownerAddress: owner });
  return { partnerId: partner.id, adminToken: token.value };
}

/** Issues `label.parent` to `owner` through the partner issuance endpoint. */
export async function issueSubname(app: TestApp, parent: EnsParent, parentName: string, label: string, owner: Address) {
  const res = await app.fetch(`/v1/parentdomains/${parentName}/subdomains`, {
    method: "POST",
    token: parent.adminToken,
    json: { label, ownerAddress: owner },
  });
  if (res.status !== 201) throw new Error(`issue ${label}.${parentName}: ${res.status} ${await res.text()}`);
}

/** The owner replaces the name's records through the owner API. */
export async function editRecords(app: TestApp, owner: PrivateKeyAccount, name: string, records: unknown) {
  const token = await signIn(app, owner);
  const res = await app.fetch(`/v1/owner/names/${name}/records`, { method: "PUT", token, json: records });
  if (res.status !== 200) throw new Error(`records of ${name}: ${res.status} ${await res.text()}`);
  return res.json();
}
