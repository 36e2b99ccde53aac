// A CCIP-Read (EIP-3668) gateway on 127.0.0.1 for the offchain resolver of
// tests/support/ens-contracts/OffchainResolver.sol, speaking as ensdomains/offchain-resolver's
// gateway does: GET /{sender}/{data}.json, `data` a call of resolve(bytes name, bytes data) (the
// inner call one record read, or multicall(bytes[]) of several), answered with
// {"data": abi.encode(bytes result, uint64 expires, bytes signature)}.
// The first label of the name picks a misbehaviour, so each test asks a name of its own:
//   error.*    HTTP 500          hang.*     never answers        garbled.*  data that is not hex
//   forged.*   signed by a key the resolver does not trust
//   tampered.* a correctly signed answer whose result was then swapped for the records of
//              "<name>#swap" (what an attacker between gateway and client would do)
//   expired.*  a signature that expired a minute ago
//   legacy.*   HTTP 500 for a multicall, as ENS's reference gateway ("Unsupported query function")
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  hexToBytes,
  keccak256,
  namehash,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount, sign, serializeSignature } from "viem/accounts";

export interface GatewayName {
  /** By coin type: the address bytes as the resolver stores them (ENSIP-9). */
  addresses?: Record<number, Hex>;
  texts?: Record<string, string>;
  contenthash?: Hex;
}

export interface CcipGateway {
  /** The URL template for the resolver contract: `http://127.0.0.1:port/{sender}/{data}.json`. */
  urlTemplate: string;
  host: string;
  /** The address whose signatures the resolver should trust. */
  signer: Address;
  /** Requests received, by the name asked. */
  requests: Map<string, number>;
  stop(): Promise<void>;
}

const serviceAbi = parseAbi(["function resolve(bytes name, bytes data) view returns (bytes)"]);
const resolverAbi = parseAbi([
  "function addr(bytes32 node) view returns (address)",
  "function addr(bytes32 node, uint256 coinType) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
  "function contenthash(bytes32 node) view returns (bytes)",
  "function multicall(bytes[] data) returns (bytes[])",
]);

// Two well-known test keys (Hardhat's accounts 8 and 9): the trusted one and an impostor.
const SIGNER_KEY: Hex = "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97";
const IMPOSTOR_KEY: Hex = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

function dnsDecode(encoded: Hex): string {
  const bytes = hexToBytes(encoded);
  const labels: string[] = [];
  for (let at = 0; at < bytes.length && bytes[at] !== 0; at += bytes[at]! + 1)
    labels.push(Buffer.from(bytes.subarray(at + 1, at + 1 + bytes[at]!)).toString("utf8"));
  return labels.join(".");
}

function answer(record: GatewayName, name: string, inner: Hex): Hex {
  const call = decodeFunctionData({ abi: resolverAbi, data: inner });
  if (call.functionName === "multicall")
    return encodeAbiParameters([{ type: "bytes[]" }], [call.args[0].map((each) => answer(record, name, each))]);
  if (call.args[0] !== namehash(name)) throw new Error("the node does not match the name");
  switch (call.functionName) {
    case "addr":
      return call.args.length === 1
        ? encodeAbiParameters([{ type: "address" }], [(record.addresses?.[60] ?? zeroAddress) as Address])
        : encodeAbiParameters([{ type: "bytes" }], [record.addresses?.[Number(call.args[1])] ?? "0x"]);
    case "text":
      return encodeAbiParameters([{ type: "string" }], [record.texts?.[call.args[1]] ?? ""]);
    case "contenthash":
      return encodeAbiParameters([{ type: "bytes" }], [record.contenthash ?? "0x"]);
  }
}

const ANSWER = [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }] as const;

async function signature(sender: Address, callData: Hex, result: Hex, key: Hex, expires: bigint): Promise<Hex> {
  const hash = keccak256(
    encodePacked(
      ["bytes", "address", "uint64", "bytes32", "bytes32"],
      ["0x1900", sender, expires, keccak256(callData), keccak256(result)],
    ),
  );
  return serializeSignature(await sign({ hash, privateKey: key }));
}

export async function startCcipGateway(records: Record<string, GatewayName>): Promise<CcipGateway> {
  const requests = new Map<string, number>();
  const hanging = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = /^\/(0x[0-9a-f]{40})\/(0x[0-9a-f]*)\.json$/.exec(req.url ?? "");
      if (!match) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "not found" }));
        return;
      }
      const sender = match[1] as Address;
      const callData = match[2] as Hex;
      const [encodedName, inner] = decodeFunctionData({ abi: serviceAbi, data: callData }).args;
      const name = dnsDecode(encodedName);
      requests.set(name, (requests.get(name) ?? 0) + 1);
      const behaviour = name.split(".")[0];
      if (behaviour === "hang") {
        hanging.add(req.socket);
        return;
      }
      if (behaviour === "error") {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: "database down" }));
        return;
      }
      if (behaviour === "legacy" && inner.startsWith("0xac9650d8")) {
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "Unsupported query function multicall(bytes[])" }));
        return;
      }
      if (behaviour === "garbled") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "not hex at all" }));
        return;
      }
      const now = BigInt(Math.floor(Date.now() / 1000));
      const result = answer(records[name] ?? {}, name, inner);
      const key = behaviour === "forged" ? IMPOSTOR_KEY : SIGNER_KEY;
      const expires = behaviour === "expired" ? now - 60n : now + 300n;
      const signed = await signature(sender, callData, result, key, expires);
      const delivered = behaviour === "tampered" ? answer(records[`${name}#swap`] ?? {}, name, inner) : result;
      const data = encodeAbiParameters(ANSWER, [delivered, expires, signed]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    })().catch((error: unknown) => {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{sender}/{data}.json`,
    host: `127.0.0.1:${port}`,
    signer: privateKeyToAccount(SIGNER_KEY).address,
    requests,
    async stop() {
      for (const socket of hanging) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
