// The CCIP-Read gateway's set-up: its signers, URL template and our resolvers (public).
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { GatewayInfoResponse } from "@/lib/contract/schemas/ens";
import { gatewayInfo } from "@/lib/ens/ccip-gateway";

export const dynamic = "force-dynamic";

// The CCIP-Read gateway: wallets and dApps in browsers fetch it from any origin, without a token.
export const GET = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ request }) =>
  respond(GatewayInfoResponse, gatewayInfo(`http://${request.headers.get("host") ?? "localhost"}`)),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
