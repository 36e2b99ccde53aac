// The refund claim's address field: the claim API's own rule (ClaimRefundRequest, loaded in the
// browser once the page renders); until it is, the address is only trimmed and the API judges it.
import { z } from "zod";

export type RefundSchemas = typeof import("@/lib/contract/schemas/refunds");
export const loadRefundSchemas = (): Promise<RefundSchemas> => import("@/lib/contract/schemas/refunds");

export function refundAddressSchema(api: RefundSchemas | null) {
  return z.object({ refundAddress: api ? api.ClaimRefundRequest.shape.refundAddress : z.string().trim() });
}
export type RefundAddressValues = z.input<ReturnType<typeof refundAddressSchema>>;
