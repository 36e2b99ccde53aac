// ENS parents' CCIP-Read gateway, EIP-3668's GET form: /v1/ens/ccip/{sender}/{data}.json.
import { endpoint } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { cachedCcipRead } from "@/lib/http/cached-gateway";

export const dynamic = "force-dynamic";

// The CCIP-Read gateway: wallets and dApps in browsers fetch it from any origin, without a token.
export const GET = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ params }) =>
  cachedCcipRead(params.sender, params.data.endsWith(".json") ? params.data.slice(0, -5) : params.data),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
