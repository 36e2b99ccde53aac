// The CCIP-Read gateway of ENS parents (EIP-3668) and its set-up document. Imports nothing from the server.
import { z } from "zod";

const HexBytes = z.string().meta({ description: "0x-prefixed hex bytes." });
const EvmAddress = z.string().meta({ description: "0x-prefixed 20-byte address." });

export const CcipReadRequest = z
  .object({
    sender: z.string({ error: "sender must be the resolver's address" }).meta({
      description: "The resolver that reverted with OffchainLookup (one of ours, else 404).",
    }),
    data: z.string({ error: "data must be the lookup's callData" }).meta({
      description: "The lookup's callData: resolve(bytes name, bytes data), 0x9061b923….",
    }),
  })
  .meta({ id: "CcipReadRequest" });

export const CcipReadPathParams = z.object({
  sender: EvmAddress.meta({ description: "The resolver that reverted with OffchainLookup (one of ours, else 404)." }),
  data: HexBytes.meta({ description: "The lookup's callData, resolve(bytes name, bytes data), followed by `.json`." }),
});

export const CcipReadResponse = z
  .object({
    data: HexBytes.meta({
      description:
        "abi.encode(bytes result, uint64 expires, bytes sig): the ABI-encoded answer to the inner query, its " +
        "expiry (unix seconds) and the signer's 65-byte signature of keccak256(0x1900 ‖ resolver ‖ expires ‖ " +
        "keccak256(callData) ‖ keccak256(result)), which the resolver's resolveWithProof checks.",
    }),
  })
  .strict()
  .meta({ id: "CcipReadResponse" });

export const GatewayInfoResponse = z
  .object({
    signers: z.array(EvmAddress).meta({ description: "Addresses whose signatures our resolvers must trust." }),
    url: z.string().meta({ description: "The gateway URL template to give a resolver (EIP-3668)." }),
    resolvers: z
      .array(z.object({ chainId: z.number().int(), address: EvmAddress }).strict())
      .meta({ description: "Our offchain resolvers (ENS_RESOLVERS); the gateway answers only them." }),
  })
  .strict()
  .meta({ id: "EnsGatewayInfo" });

export const ParentClaimRequest = z
  .object({
    message: z
      .string({ error: "message must be an EIP-4361 message" })
      .min(1)
      .max(4096)
      .meta({
        description:
          "EIP-4361 message signed by the name's owner on chain: domain = the host this request is sent to, " +
          "Chain ID = ENS's chain, a nonce from GET /v1/owner/nonce, Issued At within the last 10 minutes, and " +
          'the statement "Claim <name> as a parent domain of partner <partnerId>."',
      }),
    signature: z
      .string({ error: "signature must be 0x-prefixed hex" })
      .regex(/^0x[0-9a-fA-F]*$/, "signature must be 0x-prefixed hex")
      .max(20_000)
      .meta({
        description: "The owner's signature: EIP-191, EIP-1271 (contract wallets) or EIP-6492 (not yet deployed).",
      }),
  })
  .meta({ id: "ParentClaimRequest" });

export const ParentClaimResponse = z
  .object({ parentDomain: z.string(), ownerAddress: EvmAddress })
  .strict()
  .meta({ id: "ParentClaim" });
