import { expect, test } from "vitest";
import { refundAddressFor } from "@/lib/payments/crypto/refund-address";

const CHECKSUMMED = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

test("EVM: any one case is taken and checksummed; a broken checksum or the zero address is not", () => {
  expect(refundAddressFor("eip155:1", CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
  expect(refundAddressFor("eip155:8453", ` ${CHECKSUMMED} `)).toBe(CHECKSUMMED);
  expect(refundAddressFor("eip155:1", CHECKSUMMED.replace("bD4", "Bd4"))).toBeNull();
  expect(refundAddressFor("eip155:1", "0x0000000000000000000000000000000000000000")).toBeNull();
  expect(refundAddressFor("eip155:1", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBeNull();
});

test("Bitcoin: segwit v0 and taproot of the refund's network, and base58 of mainnet", () => {
  expect(refundAddressFor("bitcoin:mainnet", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  );
  expect(refundAddressFor("bitcoin:mainnet", "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ")).toBe(
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  );
  // BIP 350's taproot test vector.
  const taproot = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";
  expect(refundAddressFor("bitcoin:mainnet", taproot)).toBe(taproot);
  expect(refundAddressFor("bitcoin:mainnet", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBe(
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
  );
  expect(refundAddressFor("bitcoin:mainnet", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toBeNull();
  // Another network's address, a mixed-case bech32 and a v0 address under the bech32m checksum.
  expect(refundAddressFor("bitcoin:regtest", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBeNull();
  expect(refundAddressFor("bitcoin:mainnet", "bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBeNull();
  expect(
    refundAddressFor("bitcoin:mainnet", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq".replace("mdq", "mdp")),
  ).toBeNull();
  expect(refundAddressFor(null, CHECKSUMMED)).toBeNull();
});
