// Public surface of crypto payments for the marketplace and the server's start-up.
export {
  classifyPayment,
  type ClassifyPaymentInput,
  type PaymentClassification,
  type PaymentState,
} from "./classify-payment";
export {
  createCryptoOffer,
  type CreateCryptoOfferInput,
  type CryptoOffer,
  type CryptoPaymentDetails,
  type CryptoPaymentRow,
} from "./create-crypto-offer";
export {
  CRYPTO_CURRENCIES,
  isCryptoCurrency,
  paymentCurrency,
  UnsupportedCurrencyError,
  type CryptoCurrencyCode,
  type PaymentCurrency,
} from "./currencies";
export { allocateDepositAddress, ExtendedKeyError, TEST_MNEMONIC } from "./derive-address";
export { pollBtcOnce, startBtcWatcher } from "./btc-watcher";
export { pollEvmOnce, startEvmWatcher } from "./evm-watcher";
export { quote, RateError } from "./rates";
export { readPaymentProgress, type OnPaymentCredited } from "./record-transfers";
export { describeCryptoSetup, startPaymentWatchers } from "./start-payment-watchers";
export type { Watcher } from "./polling-loop";
