import "server-only";
import { registerBackgroundJob } from "@/lib/jobs/background";
import { startPollingLoop } from "@/lib/jobs/polling-loop";
import { describeCryptoSetup, startPaymentWatchers } from "@/lib/payments/crypto/start-payment-watchers";
import { cancelAbandonedIntents } from "./cancel-intents";
import { onCryptoPaymentCredited } from "./crypto-payment-events";
import { expireUnpaidOffers } from "./expire-offers";
import { onCryptoPaymentSeen } from "./in-flight-payments";
import { completePaidOrders } from "./fulfil-order";
import { processDueCardRefunds } from "./refunds";
import { recheckProcessingPayments } from "./recheck-processing";
import { onCryptoPaymentReorganised } from "./reorganised-payments";
import { settleDuePayments } from "./settle-payment";
import { logger } from "@/lib/log";

// The marketplace's background work, started with the server. Everything it does is driven by
// durable state, so a restart picks up where a crash stopped: payments recorded and not settled,
// orders left PAID, unpaid offers that ran out, intents to cancel, card payments left processing,
// card refunds to make; and the
// crypto payment watchers.

const MARKET_JOB_INTERVAL_MS = 10_000;
/** A PAID order older than this was abandoned by a failed fulfilment, not one in progress. */
const STALE_PAID_MS = 60_000;

const log = (message: string) => logger("market").warn(message);

/** One pass of the market's upkeep; each step runs whatever the others did. */
async function runMarketUpkeep(now = new Date()): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    // Settlement first, so the expiry below never sees an order its recorded money covers.
    ["settle recorded payments", () => settleDuePayments(log)],
    ["expire unpaid offers", () => expireUnpaidOffers(now)],
    [
      "complete paid orders",
      () => completePaidOrders({ paidBefore: new Date(now.getTime() - STALE_PAID_MS), limit: 50 }),
    ],
    ["cancel abandoned intents", () => cancelAbandonedIntents(log)],
    ["re-ask about payments left processing", () => recheckProcessingPayments(log, now)],
    ["make card refunds", () => processDueCardRefunds(log)],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

registerBackgroundJob({
  name: "market: recover what the last run left",
  async start() {
    const settled = await settleDuePayments(log);
    const completed = await completePaidOrders();
    if (settled.length + completed.length > 0)
      logger("market").info(
        `settled ${settled.length} recorded payment(s) and completed ${completed.length} paid ` +
          "order(s) left by the last run",
      );
    return () => undefined;
  },
});

registerBackgroundJob({
  name: "market: settlement, expiry, cancels and refunds",
  start() {
    const loop = startPollingLoop({
      name: "market upkeep",
      intervalMs: MARKET_JOB_INTERVAL_MS,
      log,
      tick: () => runMarketUpkeep(),
    });
    return () => loop.stop();
  },
});

registerBackgroundJob({
  name: "market: crypto payment watchers",
  start() {
    for (const line of describeCryptoSetup().lines) logger("market").info(line);
    const watchers = startPaymentWatchers({
      onPaymentCredited: (paymentId) => onCryptoPaymentCredited(paymentId).then(() => undefined),
      onPaymentReorganised: (tx, paymentId) => onCryptoPaymentReorganised(tx, paymentId),
      onPaymentSeen: (paymentId) => onCryptoPaymentSeen(paymentId),
      log,
    });
    return () => watchers.stop();
  },
});
