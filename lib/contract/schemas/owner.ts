// Owner API shapes: Sign-In with Ethereum, the owner's names, record edits, transfer, primary
// name, and renewals. Imports nothing from the server, so the /names page checks what is typed
// with the same rules (it loads this module lazily: the coin codecs are large).
import { encode } from "@ensdomains/content-hash";
import { z } from "zod";
import {
  DNS_RECORD_TYPES,
  dnsValueProblem,
  MAX_DNS_TTL,
  MAX_DNS_VALUE_LENGTH,
  MIN_DNS_TTL,
} from "@/lib/names/dns-record-values";
import { IsoDateTime, PageToken } from "./common";
import { CRYPTO_PURCHASE_CURRENCIES, DomainField, OwnerAddress, WalletAddrList, Years } from "./market";
import { ResolveResult } from "./resolve";

export const MAX_TEXT_RECORDS = 50;
const MAX_TEXT_KEY_LENGTH = 100;
const MAX_TEXT_VALUE_LENGTH = 1024;
export const MAX_DNS_RECORDS = 50;
const MAX_SIWE_MESSAGE_LENGTH = 4096;

export const NonceResponse = z
  .object({
    nonce: z.string().meta({ description: "Single use, alphanumeric, valid for 10 minutes." }),
  })
  .strict()
  .meta({ id: "OwnerNonce" });

export const SessionRequest = z
  .object({
    message: z
      .string({ error: "message must be an EIP-4361 message" })
      .min(1, "message must be an EIP-4361 message")
      .max(MAX_SIWE_MESSAGE_LENGTH, `message must be at most ${MAX_SIWE_MESSAGE_LENGTH} characters`)
      .meta({
        description:
          "EIP-4361 message: domain = the host this request is sent to, a nonce from GET /v1/owner/nonce, " +
          "Chain ID 1, Issued At within the last 10 minutes.",
      }),
    signature: z
      .string({ error: "signature must be 0x followed by hex digits" })
      // A plain key's is 65 bytes; a smart-contract wallet's (EIP-1271, EIP-6492 wrapped) is longer.
      .regex(
        /^0x(?:[0-9a-fA-F]{2}){65,8192}$/,
        "signature must be 0x followed by an even number of hex digits, 130 to 16384 (an EIP-191 signature)",
      )
      .meta({
        description:
          "The address's EIP-191 (personal_sign) signature of `message`: a plain key's (65 bytes), or a " +
          "smart-contract wallet's, checked by the wallet (EIP-1271) or, not yet deployed, EIP-6492 wrapped.",
      }),
  })
  .strict()
  .meta({ id: "OwnerSessionRequest" });

export const SessionResponse = z
  .object({
    token: z.string().meta({ description: "Owner session token, sent as `Authorization: Bearer <token>`." }),
    address: z.string().meta({ description: "The signed-in address, EIP-55 checksummed." }),
    expiresAt: IsoDateTime,
  })
  .strict()
  .meta({ id: "OwnerSession" });

const NAME_STATES = ["active", "grace"] as const;

export const OwnerName = z
  .object({
    name: z.string(),
    expiresAt: IsoDateTime.nullable().meta({ description: "Null for a name that does not expire." }),
    state: z.enum(NAME_STATES).meta({
      description: "`active` (resolves), or `grace` (expired: it does not resolve and may only be renewed).",
    }),
    inGrace: z.boolean(),
    graceEndsAt: IsoDateTime.nullable().meta({
      description: "Until when the name may be renewed after it expires; then it returns to the market.",
    }),
    primary: z.boolean().meta({ description: "Whether this is the signed-in address's primary name." }),
    records: ResolveResult,
    walletAddrs: z
      .array(z.object({ coinId: z.number().int(), addr: z.string() }).strict())
      .meta({ description: "The wallet records as PUT …/records takes them: `{ coinId, addr }`." }),
  })
  .strict()
  .meta({ id: "OwnerName" });

export const OwnerNamesQuery = z.object({
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 200" })
    .int("pageSize must be a whole number from 1 to 200")
    .min(1, "pageSize must be a whole number from 1 to 200")
    .max(200, "pageSize must be a whole number from 1 to 200")
    .default(100)
    .meta({ description: "1 to 200; 100 when absent." }),
  pageToken: PageToken.meta({ description: "nextPaginationToken of the previous page." }),
});

export const OwnerNamesResponse = z
  .object({
    names: z.array(OwnerName),
    nextPaginationToken: z.string().meta({ description: "Pass as `pageToken` for the next page; empty on the last." }),
  })
  .strict()
  .meta({ id: "OwnerNames" });

export const NamePathParams = z.object({
  name: z.string().meta({ description: "A name the session's address owns." }),
});

const printable = (field: string, max: number, allowNewlines: boolean) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .refine(
      (value) => !(allowNewlines ? /[\u0000-\u0008\u000b-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(value),
      `${field} must not contain control characters`,
    )
    // Bidirectional embeddings, overrides and isolates reorder what /resolve and the pages show
    // (a value reading as one address while holding another).
    .refine(
      (value) => !/[\u202a-\u202e\u2066-\u2069]/.test(value),
      `${field} must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069)`,
    );

export const TextRecordInput = z
  .object({
    key: printable("key", MAX_TEXT_KEY_LENGTH, false)
      .min(1, "key must not be empty")
      .refine((key) => key.trim() === key && !/\s/.test(key), "key must not contain spaces"),
    value: printable("value", MAX_TEXT_VALUE_LENGTH, true),
  })
  .strict();

export const DnsRecordInput = z
  .object({
    type: z.enum(DNS_RECORD_TYPES, { error: `type must be one of ${DNS_RECORD_TYPES.join(", ")}` }),
    name: z
      .string({ error: "name must be `@` or a name under this one" })
      .max(253, "name must be at most 253 characters")
      .meta({ description: "`@` for the name itself, or a name under it written in full (www.alice.web3)." }),
    value: z.string({ error: "value must be text" }).max(MAX_DNS_VALUE_LENGTH),
    ttl: z
      .number({ error: `ttl must be a whole number of seconds from ${MIN_DNS_TTL} to ${MAX_DNS_TTL}` })
      .int(`ttl must be a whole number of seconds from ${MIN_DNS_TTL} to ${MAX_DNS_TTL}`)
      .min(MIN_DNS_TTL, `ttl must be a whole number of seconds from ${MIN_DNS_TTL} to ${MAX_DNS_TTL}`)
      .max(MAX_DNS_TTL, `ttl must be a whole number of seconds from ${MIN_DNS_TTL} to ${MAX_DNS_TTL}`),
  })
  .strict()
  .superRefine((record, ctx) => {
    const problem = dnsValueProblem(record.type, record.value);
    if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
  });

/** Why `uri` cannot be a content hash, or null: `ipfs://<CID>`, `ipns://<libp2p key>`, or empty. */
export function contentHashProblem(uri: string): string | null {
  if (uri === "") return null;
  const match = /^(ipfs|ipns):\/\/([A-Za-z0-9]+)\/?$/.exec(uri);
  if (!match) return "contentHash must be ipfs://<CID>, ipns://<key>, or empty to remove it";
  try {
    encode(match[1] as "ipfs" | "ipns", match[2]);
    return null;
  } catch {
    return match[1] === "ipfs"
      ? "contentHash is not a valid IPFS CID"
      : "contentHash is not a valid IPNS key (a libp2p key such as k51…)";
  }
}

export const RecordsUpdateRequest = z
  .object({
    walletAddrs: WalletAddrList.optional().meta({
      description: "Replaces every wallet record: `{ coinId, addr }`, each address checked by its coin's codec.",
    }),
    txtRecords: z
      .array(TextRecordInput)
      .max(MAX_TEXT_RECORDS, `txtRecords may hold at most ${MAX_TEXT_RECORDS} entries`)
      .superRefine((records, ctx) => {
        const seen = new Set<string>();
        records.forEach((record, index) => {
          if (seen.has(record.key))
            ctx.addIssue({ code: "custom", path: [index, "key"], message: `key ${record.key} appears twice` });
          seen.add(record.key);
        });
      })
      .optional()
      .meta({ description: "Replaces every text record." }),
    dnsRecords: z
      .array(DnsRecordInput)
      .max(MAX_DNS_RECORDS, `dnsRecords may hold at most ${MAX_DNS_RECORDS} entries`)
      .optional()
      .meta({ description: "Replaces every DNS record." }),
    contentHash: z
      .string({ error: "contentHash must be text" })
      .trim()
      .max(256, "contentHash must be at most 256 characters")
      .superRefine((uri, ctx) => {
        const problem = contentHashProblem(uri);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional()
      .meta({ description: "`ipfs://…` or `ipns://…`, or empty to remove it." }),
  })
  .strict()
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    "Send at least one of walletAddrs, txtRecords, dnsRecords, contentHash",
  )
  .meta({ id: "OwnerRecordsUpdate" });

export const TransferRequest = z.object({ ownerAddress: OwnerAddress }).strict().meta({ id: "OwnerTransfer" });

export const PrimaryNameRequest = z
  .object({
    // Not trimmed: a name is judged as sent, as everywhere else in the API.
    name: z
      .string({ error: "name must be a name or null" })
      .min(1, "name must be a name or null")
      .max(253)
      .nullable()
      .meta({ description: "A name whose ETH wallet record is the signed-in address, or null to clear." }),
  })
  .strict()
  .meta({ id: "PrimaryNameRequest" });

export const PrimaryNameResponse = z
  .object({ address: z.string(), name: z.string().nullable() })
  .strict()
  .meta({ id: "PrimaryName" });

const checkoutId = z.uuid({ error: "checkoutId must be a uuid" }).meta({
  description: "Idempotency key: the same id with the same body answers the same order; with another body, 409.",
});

export const RenewalRequest = z
  .object({ checkoutId, domain: DomainField, years: Years })
  .strict()
  .meta({ id: "RenewalRequest" });

export const CryptoRenewalRequest = z
  .object({
    checkoutId,
    currency: z
      .string({ error: "currency must be one of ETH, USDC, BTC" })
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.enum(CRYPTO_PURCHASE_CURRENCIES, { error: "currency must be one of ETH, USDC, BTC" })),
    domain: DomainField,
    years: Years,
  })
  .strict()
  .meta({ id: "CryptoRenewalRequest" });

export type SessionRequest = z.infer<typeof SessionRequest>;
export type SessionResponse = z.infer<typeof SessionResponse>;
export type OwnerName = z.infer<typeof OwnerName>;
export type OwnerNamesResponse = z.infer<typeof OwnerNamesResponse>;
export type RecordsUpdateRequest = z.infer<typeof RecordsUpdateRequest>;
export type RenewalRequest = z.infer<typeof RenewalRequest>;
export type CryptoRenewalRequest = z.infer<typeof CryptoRenewalRequest>;
