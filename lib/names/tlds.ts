// TLDs of name services other than native and ICANN, used to infer which service answers a
// name when the request does not say. Unstoppable Domains' list is from its resolution
// documentation (UNS and ZNS zones); UD adds endings over time, so `nameservice=ud` reaches any.
import { parse } from "tldts";

export const ENS_TLDS: ReadonlySet<string> = new Set(["eth"]);

export const UD_TLDS: ReadonlySet<string> = new Set([
  "888",
  "altimist",
  "anime",
  "austin",
  "bald",
  "bay",
  "benji",
  "binanceus",
  "bitcoin",
  "bitget",
  "blockchain",
  "boomer",
  "caw",
  "chomp",
  "clay",
  "crypto",
  "dao",
  "doga",
  "dfz",
  "donut",
  "dream",
  "emir",
  "ethermail",
  "farms",
  "go",
  "hi",
  "klever",
  "kresus",
  "kryptic",
  "lfg",
  "manga",
  "metropolis",
  "moon",
  "mumu",
  "nft",
  "npc",
  "onchain",
  "podcast",
  "pog",
  "polygon",
  "propykeys",
  "pudgy",
  "quantum",
  "raiin",
  "secret",
  "smobler",
  "stepn",
  "tball",
  "tea",
  "tribe",
  "ubu",
  "unstoppable",
  "u",
  "wallet",
  "wifi",
  "witg",
  "wrkx",
  "xmr",
  "x",
  "zil",
]);

/** True when the name's suffix is an ICANN entry of the public suffix list. */
export function hasIcannSuffix(name: string): boolean {
  const parsed = parse(name, { allowPrivateDomains: false });
  return parsed.isIcann === true && parsed.publicSuffix !== null && !parsed.isIp;
}
