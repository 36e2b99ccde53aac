import { expect, test } from "vitest";
import { bip21Uri, eip681NativeUri, eip681TokenTransferUri } from "@/lib/payments/crypto/payment-uri";

test("EIP-681 native transfer: checksummed target, chain id after @, value in wei", () => {
  expect(
    eip681NativeUri({ to: "0x9858effd232b4033e47d90003d41ec34ecaeda94", chainId: 1, amountAtomic: 4113333333333334n }),
  ).toBe("ethereum:0x9858EfFD232B4033E47d90003D41EC34EcaEda94@1?value=4113333333333334");
});

test("EIP-681 ERC-20 transfer: token as target, recipient and atomic amount as function arguments", () => {
  expect(
    eip681TokenTransferUri({
      token: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      to: "0x6fac4d18c912343bf86fa7049364dd4e424ab9c0",
      chainId: 8453,
      amountAtomic: 12340000n,
    }),
  ).toBe(
    "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@8453/transfer" +
      "?address=0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0&uint256=12340000",
  );
});

test("EIP-681 refuses a malformed address instead of producing a URI that pays nobody", () => {
  expect(() => eip681NativeUri({ to: "0x1234", chainId: 1, amountAtomic: 1n })).toThrow();
});

test("BIP21: amount in BTC as an exact decimal, label and message percent-encoded", () => {
  expect(bip21Uri({ address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", amountSats: 166667n })).toBe(
    "bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu?amount=0.00166667",
  );
  expect(bip21Uri({ address: "bc1qx", amountSats: 100_000_000n, label: "Order alice.web3", message: "a&b=c" })).toBe(
    "bitcoin:bc1qx?amount=1&label=Order%20alice.web3&message=a%26b%3Dc",
  );
  expect(bip21Uri({ address: "bc1qx", amountSats: 1n })).toBe("bitcoin:bc1qx?amount=0.00000001");
});
