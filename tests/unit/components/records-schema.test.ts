// The records form's rules and values (components/owner/records-schema.ts), with the owner API's
// own checks loaded as the page loads them.
import { expect, test } from "vitest";
import * as market from "@/lib/contract/schemas/market";
import * as owner from "@/lib/contract/schemas/owner";
import type { OwnerName } from "@/lib/contract/schemas/owner";
import { initialRecords, recordsBody, recordsSchema, type RecordsValues } from "@/components/owner/records-schema";
import { buildOwnerValidators, type OwnerValidators } from "@/components/owner/use-owner-validators";

const NAME = "alice.web3";
const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const validators = buildOwnerValidators(owner, market);
const empty: RecordsValues = { walletAddrs: [], txtRecords: [], dnsRecords: [], contentHash: "" };

function problems(form: Partial<RecordsValues>, rules: OwnerValidators | null = validators): Record<string, string> {
  const result = recordsSchema(rules, NAME).safeParse({ ...empty, ...form });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

test("an entry's records become the form's rows, its own name written as @", () => {
  const entry = {
    name: NAME,
    walletAddrs: [{ coinId: 60, addr: ADDRESS }],
    records: {
      txtRecords: [{ key: "url", value: "https://example.org" }],
      dnsRecords: [
        { name: NAME, type: "A", value: "192.0.2.1", ttl: 300 },
        { name: `www.${NAME}`, type: "CNAME", value: NAME, ttl: 60 },
      ],
      contentHash: "",
    },
  } as unknown as OwnerName;
  expect(initialRecords(entry)).toEqual({
    walletAddrs: [{ coinId: 60, addr: ADDRESS }],
    txtRecords: [{ key: "url", value: "https://example.org" }],
    dnsRecords: [
      { type: "A", name: "@", value: "192.0.2.1", ttl: "300" },
      { type: "CNAME", name: `www.${NAME}`, value: NAME, ttl: "60" },
    ],
    contentHash: "",
  });
});

test("text keys: asked for, and not used twice", () => {
  expect(
    problems({
      txtRecords: [
        { key: "url", value: "a" },
        { key: "", value: "b" },
        { key: "url", value: "c" },
      ],
    }),
  ).toEqual({ "txtRecords.1.key": "Enter a key.", "txtRecords.2.key": "The key url is already used above." });
});

test("DNS rows: a name outside the name, an empty value, a value its type rejects, a bad TTL", () => {
  expect(
    problems({
      dnsRecords: [
        { type: "A", name: "example.org", value: "192.0.2.1", ttl: "3600" },
        { type: "A", name: "@", value: "", ttl: "3600" },
        { type: "A", name: "@", value: "192.0.2.999", ttl: "3600" },
        { type: "A", name: `www.${NAME}`, value: "192.0.2.2", ttl: "soon" },
      ],
    }),
  ).toEqual({
    "dnsRecords.0.name": `Use @ for ${NAME}, or a name under it such as www.${NAME}.`,
    "dnsRecords.1.value": "Enter a value.",
    "dnsRecords.2.value": expect.stringMatching(/an A record holds an IPv4 address/),
    "dnsRecords.3.ttl": expect.any(String),
  });
});

test("wallets and the content hash are judged by the API's rules", () => {
  expect(
    problems({
      walletAddrs: [
        { coinId: 0, addr: "bc1-not-an-address" },
        { coinId: 0, addr: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
      ],
      contentHash: "ipfs://notacid",
    }),
  ).toEqual({
    "walletAddrs.0.addr": "addr is not a valid address for coin type 0",
    "walletAddrs.1.addr": "This coin already has an address.",
    contentHash: "contentHash is not a valid IPFS CID",
  });
});

test("the body sent: trimmed, TTLs as numbers", () => {
  expect(
    recordsBody({
      walletAddrs: [{ coinId: 60, addr: ` ${ADDRESS} ` }],
      txtRecords: [{ key: "url", value: " kept as typed " }],
      dnsRecords: [{ type: "A", name: " @ ", value: " 192.0.2.1 ", ttl: "300" }],
      contentHash: " ",
    }),
  ).toEqual({
    walletAddrs: [{ coinId: 60, addr: ADDRESS }],
    txtRecords: [{ key: "url", value: " kept as typed " }],
    dnsRecords: [{ type: "A", name: "@", value: "192.0.2.1", ttl: 300 }],
    contentHash: "",
  });
});
