import { afterAll, beforeAll, expect, onTestFinished, test } from "vitest";
import { randomUUID } from "node:crypto";
import { setConfig } from "@/lib/config";
import { closeDatabase, openDatabase } from "@/lib/db";
import { createCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import { UnsupportedCurrencyError } from "@/lib/payments/crypto/currencies";
import { testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { resetLiveRatesForTests } from "@/lib/payments/crypto/rates";
import { startRatesServer } from "@/tests/support/rates-server";

beforeAll(async () => {
  await openDatabase();
});
afterAll(closeDatabase);

const now = new Date("2026-03-01T10:00:00.000Z");

test("an ETH offer in the default (test) configuration", async () => {
  const cfg = setConfig({
    PAYMENTS_EVM_CHAIN_ID: 1,
    PAYMENTS_EVM_CONFIRMATIONS: 3,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: undefined,
  });
  const paymentId = randomUUID();
  const orderId = randomUUID();
  const offer = await createCryptoOffer({ paymentId, orderId, currency: "eth", usdCents: 1234, now, cfg });
  expect(offer).toMatchObject({
    currency: "ETH",
    address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    amount: 0.004113333333333334,
    amountDecimal: "0.004113333333333334",
    amountAtomic: "4113333333333334",
    expiryDateEpoch: Date.parse("2026-03-01T10:15:00.000Z") / 1000,
    protocol: "EIP-681",
    uri: "ethereum:0x9858EfFD232B4033E47d90003D41EC34EcaEda94@1?value=4113333333333334",
  });
  expect(offer.paymentDetails).toEqual({
    currency: "ETH",
    network: "Ethereum",
    chain: "eip155:1",
    chainId: 1,
    decimals: 18,
    amountAtomic: "4113333333333334",
    amountDecimal: "0.004113333333333334",
    confirmationsRequired: 3,
    basePriceUsdCents: 1234,
    usdPerUnit: "3000",
    rateSource: "built-in test rates",
    expiresAt: "2026-03-01T10:15:00.000Z",
    testConfiguration: true,
    notice: expect.stringContaining("Do not send real funds"),
  });
  expect(offer.payment).toEqual({
    id: paymentId,
    orderId,
    processor: "evm",
    chain: "eip155:1",
    depositAddress: "0x9858effd232b4033e47d90003d41ec34ecaeda94",
    derivationIndex: 0,
    tokenContract: null,
    decimals: 18,
    amountDue: "4113333333333334",
    status: "pending",
    expiresAt: new Date("2026-03-01T10:15:00.000Z"),
    usdPerUnit: "3000",
    rateSource: "built-in test rates",
    rateFetchedAt: null,
  });
});

test("a USDC offer names the token contract and the chain, on a fresh address", async () => {
  const cfg = setConfig({
    PAYMENTS_EVM_CHAIN_ID: 8453,
    PAYMENTS_USDC_CONTRACT: undefined,
    PAYMENT_OFFER_MINUTES: 30,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
  const offer = await createCryptoOffer({
    paymentId: randomUUID(),
    orderId: randomUUID(),
    currency: "USDC",
    usdCents: 2500,
    now,
    cfg,
  });
  expect(offer.address).toBe("0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0");
  expect(offer.amount).toBe(25);
  expect(offer.amountAtomic).toBe("25000000");
  expect(offer.expiryDateEpoch).toBe(Date.parse("2026-03-01T10:30:00.000Z") / 1000);
  expect(offer.uri).toBe(
    "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer" +
      "?address=0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0&uint256=25000000",
  );
  expect(offer.paymentDetails).toMatchObject({
    network: "Base",
    chainId: 8453,
    tokenStandard: "ERC20",
    tokenContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    decimals: 6,
    rateSource: "CRYPTO_RATES_JSON",
    testConfiguration: true, // the address key is still the test mnemonic's
  });
  expect(offer.payment).toMatchObject({
    derivationIndex: 1,
    tokenContract: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    decimals: 6,
  });
});

test("a BTC offer on regtest with a configured vpub and live rates is not test configuration", async () => {
  const rates = await startRatesServer({ BTC: "60000" });
  onTestFinished(() => rates.close());
  resetLiveRatesForTests();
  const cfg = setConfig({
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 2,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_BTC_XPUB: testBtcXpub("regtest"),
    CRYPTO_RATES_URL: rates.coinbaseUrl("BTC"),
  });
  const offer = await createCryptoOffer({
    paymentId: randomUUID(),
    orderId: randomUUID(),
    currency: "BTC",
    usdCents: 10_000,
    now,
    cfg,
    label: "alice.web3",
  });
  expect(offer.address).toBe("bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk");
  expect(offer.uri).toBe("bitcoin:bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk?amount=0.00166667&label=alice.web3");
  expect(offer.protocol).toBe("BIP21");
  expect(offer.paymentDetails).toEqual({
    currency: "BTC",
    network: "Bitcoin regtest",
    chain: "bitcoin:regtest",
    decimals: 8,
    amountAtomic: "166667",
    amountDecimal: "0.00166667",
    confirmationsRequired: 2,
    basePriceUsdCents: 10_000,
    usdPerUnit: "60000",
    rateSource: `coinbase ${rates.coinbaseUrl("BTC").split("?")[0]}`,
    rateFetchedAt: expect.any(String),
    expiresAt: "2026-03-01T10:15:00.000Z",
    testConfiguration: false,
  });
  expect(offer.payment).toMatchObject({
    processor: "bitcoin",
    chain: "bitcoin:regtest",
    derivationIndex: 0,
    amountDue: "166667",
    usdPerUnit: "60000",
    rateSource: offer.paymentDetails.rateSource,
    rateFetchedAt: new Date(offer.paymentDetails.rateFetchedAt!),
  });
});

test("unknown currencies and USDC on a chain without a known contract are refused with a reason", async () => {
  const cfg = setConfig({
    PAYMENTS_EVM_CHAIN_ID: 1337,
    PAYMENTS_USDC_CONTRACT: undefined,
    CRYPTO_RATES_JSON: undefined,
  });
  await expect(
    createCryptoOffer({ paymentId: randomUUID(), orderId: randomUUID(), currency: "DOGE", usdCents: 100, cfg }),
  ).rejects.toThrow('Crypto payments accept ETH, USDC, BTC; "DOGE" is not one of them.');
  await expect(
    createCryptoOffer({ paymentId: randomUUID(), orderId: randomUUID(), currency: "USDC", usdCents: 100, cfg }),
  ).rejects.toThrow(UnsupportedCurrencyError);
});
