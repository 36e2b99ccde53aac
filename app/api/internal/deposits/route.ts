// Local command channel: `npm run partner -- deposits` (money on deposit addresses credited to nobody).
import { forbidden } from "@/lib/api/errors";
import { endpoint, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { UnattributedDepositList } from "@/lib/api/schemas/deposits";
import { listUnattributedDeposits } from "@/lib/market/unattributed-deposits";
import { isLocalAdminRequest } from "@/lib/partners/local-admin";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  return respond(UnattributedDepositList, { deposits: await listUnattributedDeposits() });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
