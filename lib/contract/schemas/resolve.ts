// Forward and reverse resolution (endpoints 1, 2) and the batch endpoint of ours.
import { z } from "zod";
import { Coin, NameService } from "./common";

export const DnsRecord = z
  .object({
    name: z.string(),
    ttl: z.number().int(),
    type: z.string().meta({ description: "Record type label: A, AAAA, CNAME, MX, NS, TXT…" }),
    value: z.string(),
  })
  .meta({ id: "DnsRecord" });

export const TxtRecord = z.object({ key: z.string(), value: z.string() }).meta({ id: "TxtRecord" });

export const WalletData = z
  .object({
    address: z.string(),
    coin: Coin,
    version: z
      .string()
      .meta({ description: "Token standard or network the address is for, e.g. ERC20, NATIVE, BASE." }),
  })
  .meta({ id: "WalletData" });

export const ResolveResult = z
  .object({
    contentHash: z.string().meta({ description: "ipfs://, ipns:// or bzz:// URI; empty when none is set." }),
    dnsRecords: z.array(DnsRecord),
    domain: z.string(),
    nameService: NameService,
    ownerAddress: z.string(),
    txtRecords: z.array(TxtRecord),
    wallets: z.array(WalletData),
  })
  .meta({ id: "ResolveResult" });

export type DnsRecord = z.infer<typeof DnsRecord>;
export type TxtRecord = z.infer<typeof TxtRecord>;
export type WalletData = z.infer<typeof WalletData>;
export type ResolveResult = z.infer<typeof ResolveResult>;

// Unknown codes are reported once against `coins`, naming them, rather than per element with the
// whole enumeration in the message.
const coinList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const codes = (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = codes.filter((code) => !Coin.safeParse(code).success);
  if (unknown.length === 0) return codes as Coin[];
  ctx.addIssue({
    code: "custom",
    message: `coins must be Coin codes separated by commas, e.g. ETH,BTC; unknown: ${unknown.join(", ")}`,
  });
  return z.NEVER;
});

export const ResolveQuery = z.object({
  nameservice: NameService.optional().meta({ description: "Name service to ask; inferred from the TLD when absent." }),
  coins: coinList.optional().meta({ description: "Only these coins' wallets (comma-separated, or repeated)." }),
});

export const ReverseQuery = z.object({
  nameservice: NameService.optional().meta({
    description: "Name service to ask; without it native, then ENS, then Unstoppable Domains.",
  }),
  coins: z
    .string({ error: "coins names one EVM chain, e.g. BASE" })
    .min(1, "coins names one EVM chain, e.g. BASE")
    .max(32, "coins names one EVM chain, e.g. BASE")
    .optional()
    .meta({
      description:
        "One EVM chain whose ENS primary name is asked (ENSIP-19): a network as wallets name it (BASE, " +
        "OPTIMISM, ARBITRUM, " +
        "LINEA, SCROLL, POLYGON, EVM for the default name…) or the chain's own coin (ETH for Ethereum, " +
        "MATIC for Polygon). " +
        "Reads the chain's reverse namespace, then the default one; the name must resolve back to the " +
        "address on that chain. " +
        "ENS only: with another nameservice it is 400.",
    }),
});

export const BatchResolveRequest = z
  .object({
    names: z.array(z.string().min(1).max(253)).min(1).max(100),
    nameservice: NameService.optional(),
    coins: z.array(Coin).optional(),
  })
  .strict()
  .meta({ id: "BatchResolveRequest" });

export const BatchResolveItem = z
  .object({
    name: z.string(),
    status: z.number().int().meta({ description: "HTTP status this name alone would have had." }),
    result: ResolveResult.optional(),
    error: z.object({ field: z.string(), info: z.string() }).optional(),
  })
  .meta({ id: "BatchResolveItem" });

export const BatchResolveResponse = z
  .object({ results: z.array(BatchResolveItem) })
  .meta({ id: "BatchResolveResponse" });
