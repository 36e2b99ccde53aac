import "server-only";
import type { z } from "zod";
import type { PartnerPurchase } from "@/lib/contract/schemas/partner";
import { db } from "@/lib/db";
import { exactNumber } from "./exact-number";

/** The partner's completed purchases, newest first. */
export async function listPurchasesOfPartner(partnerId: string): Promise<z.infer<typeof PartnerPurchase>[]> {
  const orders = await db().order.findMany({
    where: { partnerId, orderStatus: "COMPLETED" },
    orderBy: [{ completedAt: "desc" }, { id: "asc" }],
    select: { currency: true, domain: true, nameService: true, ownerAddress: true, partnerId: true, price: true },
  });
  return orders.map((order) => ({
    currency: order.currency,
    domain: order.domain,
    nameService: order.nameService as z.infer<typeof PartnerPurchase>["nameService"],
    ownerAddress: order.ownerAddress,
    partnerId: order.partnerId ?? partnerId,
    price: exactNumber(order.price),
  }));
}
