// Generated from @unstoppabledomains/uns resolver-keys.json (v2.1.33), the registry's list of keys
// with a defined meaning, limited to tickers the interface's Coin enumeration has.
// "T" is crypto.T.address; "T:V1,V2" is crypto.T.version.V.address for each V ("-" the plain key too).
export const UD_CRYPTO_KEYS: readonly string[] = [
  "ADA", "AE", "ALGO", "ALPHA:ERC20,BEP20", "AR", "ARDR", "ARK", "ATOM", "AVAX", "BAND:ERC20,FANTOM", "BEAM",
  "BNB:-,BEP2,BEP20", "BSV", "BTC", "BTT", "BURST", "CELO", "CFX", "CHZ", "CSPR", "DASH", "DCR", "DGB",
  "DOGE", "DOT", "EGLD", "ELA:ELA,ESC", "EOS", "ERG", "ETH", "ETN", "FIL", "FLOW", "FTM:ERC20,BEP2,OPERA",
  "GRS", "HBC", "HNT", "HYDRA", "ICX", "IOST", "IOTA", "IOTX", "KAVA", "KIN", "KLAY", "KLV", "KMD", "KSM",
  "LSK", "LTC", "LUNA", "MATIC:MATIC,BEP20,ERC20", "MED", "META", "MINA", "MONA", "MOON", "NEBL", "NEO",
  "NIM", "NKN", "ONE", "ONT", "QTUM", "REEF:ERC20,BEP20,HRC20", "RVN", "SC", "SIERRA", "SMART", "SOL",
  "SRM:ERC20,SOLANA", "STEEM", "STRAT", "STRAX", "STX", "SUI", "SXP:ERC20,BEP20,HRC20", "THETA", "TLOS",
  "TON", "TPAY", "TRX", "UBQ", "USDC:-,ERC20,OKT,MATIC,SOL,AVAX", "USDP", "VLX", "WAN", "WAVES", "XCH",
  "XDC", "XEM", "XMR", "XPM", "XPRT", "XRP", "XST", "XTZ", "XZC", "YEC", "ZEC", "ZEN", "ZIL", "ZKS",
];

/** Keys other than addresses and DNS that UD defines (content, redirects, profile). */
export const UD_OTHER_KEYS: readonly string[] = [
  "social.payid.name", "social.picture.value", "whois.email.value", "whois.for_sale.value",
  "ipfs.html.value", "ipfs.redirect_domain.value", "dweb.ipfs.hash", "browser.redirect_url",
  "browser.preferred_protocols", "gundb.username.value", "gundb.public_key.value", "social.image.value",
  "social.twitter.username", "validation.social.twitter.username", "forwarding.url", "dns.ttl",
];

/** Record types read from dns.<TYPE> (UD defines more; these are the ones resolvers use). */
export const UD_DNS_TYPES: readonly string[] = [
  "A", "AAAA", "CNAME", "MX", "NS", "TXT", "SRV", "CAA", "PTR", "HTTPS", "SVCB", "TLSA", "DS", "SOA",
];
