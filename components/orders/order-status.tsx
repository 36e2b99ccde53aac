"use client";
// How an order's status reads on the pages: a badge per status, and the line for a crypto
// payment seen before it confirms.
import type { Order } from "@/lib/contract/schemas/market";
import { Badge } from "../status";

const STATUS_TEXT: Record<
  Order["orderStatus"],
  { label: string; tone: "green" | "red" | "amber" | "slate" | "indigo" }
> = {
  PENDING: { label: "Awaiting payment", tone: "amber" },
  PAID: { label: "Paid — registering", tone: "indigo" },
  COMPLETED: { label: "Completed", tone: "green" },
  EXPIRED: { label: "Expired", tone: "slate" },
  FAILED: { label: "Failed", tone: "red" },
  REFUNDED: { label: "Refunded", tone: "slate" },
};

export function OrderStatusBadge({ status }: { status: Order["orderStatus"] }) {
  const text = STATUS_TEXT[status] ?? { label: status, tone: "slate" as const };
  return <Badge tone={text.tone}>{text.label}</Badge>;
}

/** "Payment seen, 1 of 2 confirmations": a crypto payment the watcher sees before it confirms. */
export function paymentSeenText(seen: NonNullable<Order["paymentSeen"]>): string {
  return (
    `Payment seen, ${seen.confirmations} of ${seen.confirmationsRequired} confirmations` +
    (seen.holdsName ? "; the name stays held until it confirms" : "")
  );
}
