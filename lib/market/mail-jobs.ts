import "server-only";
import { mailConfigured } from "@/lib/mail/mailer";
import { startPollingLoop } from "@/lib/jobs/polling-loop";
import { registerBackgroundJob } from "@/lib/jobs/background";
import { mailBuyers } from "./mail-buyers";
import { logger } from "@/lib/log";

// With SMTP_URL set, receipts and refund notices go out every 15 s; without it this job does not run.

/** Starts the mail loop (its first pass at once) when SMTP_URL is set; answers its stop. */
export function startMailingBuyers(): () => Promise<void> {
  if (!mailConfigured()) return async () => undefined;
  const loop = startPollingLoop({
    name: "mail buyers",
    intervalMs: 15_000,
    log: (message) => logger("mail").warn(message),
    tick: async () => {
      await mailBuyers();
    },
  });
  return () => loop.stop();
}

registerBackgroundJob({ name: "market: mail buyers", start: startMailingBuyers });
