import "server-only";
import { registerBackgroundJob } from "@/lib/server/background";
import { startPollingLoop } from "@/lib/payments/crypto/polling-loop";
import { describeCryptoSetup, startPaymentWatchers } from "@/lib/payments/crypto/start-payment-watchers";
import { onCryptoPaymentCredited } from "./crypto-payment-events";
import { expireUnpaidOffers } from "./expire-offers";
import { completePaidOrders } from "./fulfil-order";
import { onCryptoPaymentReorganised } from "./reorganised-payments";

// The marketplace's background work, started with the server: finishing orders a crash left PAID,
// expiring unpaid offers, and the crypto payment watchers.

const EXPIRY_INTERVAL_MS = 10_000;
/** A PAID order older than this was abandoned by a failed fulfilment, not one in progress. */
const STALE_PAID_MS = 60_000;

const log = (message: string) => console.warn(`[market] ${message}`);

registerBackgroundJob({
  name: "market: complete paid orders left by a crash",
  async start() {
    const completed = await completePaidOrders();
    if (completed.length > 0)
      console.log(`[market] completed ${completed.length} paid order(s) left unregistered by the last run`);
    return () => undefined;
  },
});

registerBackgroundJob({
  name: "market: expire unpaid offers",
  start() {
    const loop = startPollingLoop({
      name: "offer expiry",
      intervalMs: EXPIRY_INTERVAL_MS,
      log,
      async tick() {
        await expireUnpaidOffers();
        await completePaidOrders({ paidBefore: new Date(Date.now() - STALE_PAID_MS), limit: 50 });
      },
    });
    return () => loop.stop();
  },
});

registerBackgroundJob({
  name: "market: crypto payment watchers",
  start() {
    for (const line of describeCryptoSetup().lines) console.log(`[market] ${line}`);
    const watchers = startPaymentWatchers({
      onPaymentCredited: (paymentId) => onCryptoPaymentCredited(paymentId).then(() => undefined),
      onPaymentReorganised: (tx, paymentId) => onCryptoPaymentReorganised(tx, paymentId),
      log,
    });
    return () => watchers.stop();
  },
});
