// Local command channel: `npm run partner -- deposits` (money on deposit addresses credited to nobody).
import { forbidden } from "@/lib/contract/errors";
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { UnattributedDepositList } from "@/lib/contract/schemas/deposits";
import { listUnattributedDeposits } from "@/lib/market/unattributed-deposits";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  return respond(UnattributedDepositList, { deposits: await listUnattributedDeposits() });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
