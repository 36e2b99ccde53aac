// Money found on finished deposit addresses that no payment was credited with (the operator's list).
import { z } from "zod";
import { IsoDateTime, Uuid } from "./common";

export const UnattributedDeposit = z
  .object({
    id: Uuid,
    orderId: Uuid,
    paymentId: Uuid,
    chain: z.string(),
    depositAddress: z.string(),
    currency: z.string(),
    decimals: z.number().int(),
    amountAtomic: z.string(),
    reason: z.string(),
    foundAt: IsoDateTime,
  })
  .strict();

export const UnattributedDepositList = z.object({ deposits: z.array(UnattributedDeposit) }).strict();

export type UnattributedDeposit = z.infer<typeof UnattributedDeposit>;
