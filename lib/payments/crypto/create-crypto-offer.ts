import "server-only";
import { config, type Config } from "@/lib/config";
import { resolvePaymentCurrency, type CryptoCurrencyCode } from "./currencies";
import { allocateDepositAddress, releaseDepositAddress } from "./derive-address";
import { bip21Uri, eip681NativeUri, eip681TokenTransferUri } from "./payment-uri";
import { currentRates, quote, type RateTable } from "./rates";

// Everything endpoint 12 answers for one crypto order: a fresh deposit address, the exact amount,
// the payment URI and the offer's expiry, plus the Payment row the marketplace stores with the order.

export interface CryptoPaymentDetails {
  currency: CryptoCurrencyCode;
  /** Human name of the network ("Ethereum", "Bitcoin regtest"). */
  network: string;
  /** `eip155:<chainId>` or `bitcoin:<network>`. */
  chain: string;
  chainId?: number;
  tokenStandard?: "ERC20";
  tokenContract?: string;
  decimals: number;
  /** Exact amount due in the smallest unit, as a decimal string. */
  amountAtomic: string;
  /** Exact amount due in whole coins, as a decimal string. */
  amountDecimal: string;
  confirmationsRequired: number;
  basePriceUsdCents: number;
  usdPerUnit: string;
  rateSource: RateTable["source"];
  /** When the rate was read from its live source; absent for fixed test rates. */
  rateFetchedAt?: string;
  expiresAt: string;
  /** True when the address key or the rates are the built-in test configuration. */
  testConfiguration: boolean;
  notice?: string;
}

/** Fields of the Payment row (prisma/schema.prisma) for this offer. */
export interface CryptoPaymentRow {
  id: string;
  orderId: string;
  processor: "evm" | "bitcoin";
  chain: string;
  /** Lower-case, as the watchers look it up. */
  depositAddress: string;
  derivationIndex: number;
  tokenContract: string | null;
  decimals: number;
  amountDue: string;
  status: "pending";
  expiresAt: Date;
  usdPerUnit: string;
  rateSource: string;
  rateFetchedAt: Date | null;
}

export interface CryptoOffer {
  currency: CryptoCurrencyCode;
  /** As a wallet should show it: checksummed for EVM, bech32 for Bitcoin. */
  address: string;
  /** Whole coins; the exact value is `amountDecimal` / `amountAtomic`. */
  amount: number;
  amountDecimal: string;
  amountAtomic: string;
  /** Unix time in seconds when the offer expires. */
  expiryDateEpoch: number;
  protocol: "EIP-681" | "BIP21";
  uri: string;
  paymentDetails: CryptoPaymentDetails;
  payment: CryptoPaymentRow;
}

export interface CreateCryptoOfferInput {
  paymentId: string;
  orderId: string;
  /** Ticker: ETH, USDC or BTC. */
  currency: string;
  usdCents: number;
  now?: Date;
  cfg?: Config;
  /** Shown by Bitcoin wallets (BIP21 `label`). */
  label?: string;
}

const TEST_NOTICE =
  "Test configuration: addresses come from the published BIP39 test mnemonic and/or built-in test rates. " +
  "Do not send real funds.";

export async function createCryptoOffer(input: CreateCryptoOfferInput): Promise<CryptoOffer> {
  const cfg = input.cfg ?? config();
  const currency = await resolvePaymentCurrency(input.currency, cfg);
  const rates = await currentRates(cfg);
  const priced = quote(input.usdCents, currency, rates);
  const deposit = await allocateDepositAddress(currency, { cfg });
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + cfg.PAYMENT_OFFER_MINUTES * 60_000);
  const testConfiguration = deposit.isTestKey || priced.isTestRate;

  const uri =
    currency.family === "bitcoin"
      ? bip21Uri({ address: deposit.address, amountSats: priced.amountAtomic, label: input.label })
      : currency.tokenContract
        ? eip681TokenTransferUri({
            token: currency.tokenContract,
            to: deposit.address,
            chainId: currency.chainId!,
            amountAtomic: priced.amountAtomic,
          })
        : eip681NativeUri({ to: deposit.address, chainId: currency.chainId!, amountAtomic: priced.amountAtomic });

  const paymentDetails: CryptoPaymentDetails = {
    currency: currency.code,
    network: currency.network,
    chain: currency.chain,
    ...(currency.chainId !== undefined && { chainId: currency.chainId }),
    ...(currency.tokenContract && { tokenStandard: currency.tokenStandard, tokenContract: currency.tokenContract }),
    decimals: currency.decimals,
    amountAtomic: priced.amountAtomic.toString(),
    amountDecimal: priced.amountDisplay,
    confirmationsRequired: currency.confirmationsRequired,
    basePriceUsdCents: input.usdCents,
    usdPerUnit: priced.usdPerUnit,
    rateSource: priced.rateSource,
    ...(priced.ratesFetchedAt && { rateFetchedAt: priced.ratesFetchedAt.toISOString() }),
    expiresAt: expiresAt.toISOString(),
    testConfiguration,
    ...(testConfiguration && { notice: TEST_NOTICE }),
  };

  return {
    currency: currency.code,
    address: deposit.address,
    amount: Number(priced.amountDisplay),
    amountDecimal: priced.amountDisplay,
    amountAtomic: priced.amountAtomic.toString(),
    expiryDateEpoch: Math.floor(expiresAt.getTime() / 1000),
    protocol: currency.protocol,
    uri,
    paymentDetails,
    payment: {
      id: input.paymentId,
      orderId: input.orderId,
      processor: currency.family,
      chain: currency.chain,
      depositAddress: deposit.address.toLowerCase(),
      derivationIndex: deposit.derivationIndex,
      tokenContract: currency.tokenContract?.toLowerCase() ?? null,
      decimals: currency.decimals,
      amountDue: priced.amountAtomic.toString(),
      status: "pending",
      expiresAt,
      usdPerUnit: priced.usdPerUnit,
      rateSource: priced.rateSource,
      rateFetchedAt: priced.ratesFetchedAt ?? null,
    },
  };
}

/** Gives back the deposit index of an offer made without a transaction whose order was not written. */
export async function releaseCryptoOffer(offer: CryptoOffer, cfg: Config = config()): Promise<boolean> {
  const currency = await resolvePaymentCurrency(offer.currency, cfg);
  return releaseDepositAddress(
    currency,
    { address: offer.payment.depositAddress, derivationIndex: offer.payment.derivationIndex },
    offer.payment.id,
    cfg,
  );
}
