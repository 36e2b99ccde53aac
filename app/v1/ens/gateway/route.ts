// The CCIP-Read gateway's set-up: its signers, URL template and our resolvers (public).
import { endpoint, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { GatewayInfoResponse } from "@/lib/api/schemas/ens";
import { gatewayInfo } from "@/lib/ens/ccip-gateway";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ request }) =>
  respond(GatewayInfoResponse, gatewayInfo(`http://${request.headers.get("host") ?? "localhost"}`)),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
