// ENS parents' CCIP-Read gateway, EIP-3668's POST form: { sender, data }.
import { endpoint, readJson } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { CcipReadRequest } from "@/lib/contract/schemas/ens";
import { cachedCcipRead } from "@/lib/http/cached-gateway";

export const dynamic = "force-dynamic";

// The CCIP-Read gateway: wallets and dApps in browsers fetch it from any origin, without a token.
export const POST = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ request }) => {
  const { sender, data } = await readJson(request, CcipReadRequest);
  return cachedCcipRead(sender, data);
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
