import "server-only";

// Registers the background jobs of every area with lib/jobs/background.ts. Each import below
// adds its jobs as a side effect; the server starts them after the database is open.
import "@/lib/market/jobs";
import "@/lib/market/mail-jobs";
import "@/lib/webhooks/jobs";
