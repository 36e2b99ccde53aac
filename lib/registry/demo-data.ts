import "server-only";
import { getAddress, keccak256, stringToBytes } from "viem";
import { evmCoinType } from "@/lib/names/coins";
import type { NewWallet } from "./register-name";

// The demo data the README's quickstart uses. Addresses are real, valid encodings: checksummed
// EVM addresses, a Bitcoin bech32 address and Solana base58 addresses.

export const DEMO_PARTNER_NAME = "Demo Partner";
export const ALICE_OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
export const BOB_OWNER = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
export const BRAND_OWNER = demoAddress("brand.web3 owner");
const BRAND_SUBDOMAIN_COUNT = 2500;
const BRAND_SUBDOMAIN_DAYS = 90;
export const BRAND_PRICE_CENTS = 500;

export const ALICE_WALLETS: NewWallet[] = [
  { coin: "ETH", version: "NATIVE", coinType: 60, address: ALICE_OWNER },
  { coin: "BTC", version: "NATIVE", coinType: 0, address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
  { coin: "SOL", version: "NATIVE", coinType: 501, address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" },
  { coin: "USDC", version: "ERC20", coinType: 60, address: ALICE_OWNER },
  { coin: "USDC", version: "BASE", coinType: evmCoinType(8453), address: ALICE_OWNER },
];

export const ALICE_DNS = [
  { name: "alice.web3", type: "A", value: "192.0.2.10", ttl: 300 },
  { name: "alice.web3", type: "AAAA", value: "2001:db8::10", ttl: 300 },
  { name: "www.alice.web3", type: "CNAME", value: "alice.web3", ttl: 3600 },
  { name: "alice.web3", type: "MX", value: "10 mail.alice.web3", ttl: 3600 },
];

export const ALICE_TEXT = {
  email: "alice@example.com",
  url: "https://alice.example.com",
  avatar: "https://alice.example.com/avatar.png",
  description: "Alice's demo name on the native registry.",
};

export const ALICE_CONTENT_HASH = "ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";

export const BOB_WALLETS: NewWallet[] = [{ coin: "ETH", version: "NATIVE", coinType: 60, address: BOB_OWNER }];
export const BOB_DNS = [{ name: "bob.web3", type: "A", value: "192.0.2.20", ttl: 600 }];
export const BOB_TEXT = { url: "https://bob.example.com" };

/** A checksummed EVM address derived from a seed string. */
export function demoAddress(seed: string): string {
  return getAddress(keccak256(stringToBytes(seed)).slice(0, 42));
}

/** mulberry32: a small deterministic generator, so every fresh install shows the same data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const WORDS = [
  "shop",
  "blog",
  "team",
  "pay",
  "app",
  "news",
  "dev",
  "art",
  "club",
  "hub",
  "lab",
  "play",
  "store",
  "vault",
  "zone",
];

export interface DemoSubdomain {
  label: string;
  ownerAddress: string;
  createdAt: Date;
}

/**
 * 2,500 sub-domains spread unevenly over the last 90 UTC days (today included, never in the
 * future), some days without any; owners drawn from a pool so some own several.
 */
export function demoSubdomains(now: Date, count = BRAND_SUBDOMAIN_COUNT, days = BRAND_SUBDOMAIN_DAYS): DemoSubdomain[] {
  const random = seededRandom(20261122);
  const owners = Array.from({ length: 400 }, (_, i) => demoAddress(`brand.web3 sub-domain owner ${i}`));
  // Quiet days weigh nothing; others grow towards today with bursts.
  const weights = Array.from({ length: days }, (_, ago) =>
    random() < 0.15 ? 0 : (1 + (days - ago) / days) * (random() < 0.1 ? 4 : 0.3 + random()),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * count);
  const perDay = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, ago) => ({ ago, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  const missing = count - perDay.reduce((a, b) => a + b, 0);
  for (let i = 0; i < missing; i++) perDay[byRemainder[i].ago]++;

  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const subdomains: DemoSubdomain[] = [];
  perDay.forEach((n, ago) => {
    const start = todayStart - ago * DAY_MS;
    const span = ago === 0 ? Math.max(1, now.getTime() - start) : DAY_MS;
    for (let i = 0; i < n; i++) {
      const index = subdomains.length;
      subdomains.push({
        label: `${WORDS[index % WORDS.length]}${index + 1}`,
        ownerAddress: owners[Math.floor(random() * owners.length)],
        createdAt: new Date(start + Math.floor(random() * span)),
      });
    }
  });
  return subdomains;
}
