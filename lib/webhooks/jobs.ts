import "server-only";
import { startPollingLoop } from "@/lib/jobs/polling-loop";
import { registerBackgroundJob } from "@/lib/jobs/background";
import { deliverDueWebhooks, WEBHOOK_BATCH } from "./deliver";
import { recordExpiredParents, recordExpiringSubnames } from "./expiring";
import { logger } from "@/lib/log";

// Partner webhook deliveries, started with the server like the market's jobs. The outbox and
// each delivery's next attempt live in the database, so a restart resumes where it stopped.

const WEBHOOK_POLL_MS = 1_000;
/** How often sub-names are scanned for `subname.expiring` (their thresholds are days apart). */
const EXPIRING_SCAN_MS = 10 * 60_000;

registerBackgroundJob({
  name: "webhooks: deliver the outbox",
  start() {
    let nextScan = 0;
    const loop = startPollingLoop({
      name: "webhook deliveries",
      intervalMs: WEBHOOK_POLL_MS,
      log: (message) => logger("webhooks").warn(message),
      tick: async () => {
        if (Date.now() >= nextScan) {
          nextScan = Date.now() + EXPIRING_SCAN_MS;
          await recordExpiringSubnames();
          await recordExpiredParents();
        }
        // A full batch means more is due: go on at once.
        while ((await deliverDueWebhooks()) >= WEBHOOK_BATCH);
      },
    });
    return () => loop.stop();
  },
});
