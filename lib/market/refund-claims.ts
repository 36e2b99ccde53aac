import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError, badRequest, conflict, forbidden, notFound } from "@/lib/contract/errors";
import type { OrderRefundList, RefundClaimLinkSent } from "@/lib/contract/schemas/refunds";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { mailConfigured, sendMail } from "@/lib/mail/mailer";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { refundAddressFor } from "@/lib/payments/crypto/refund-address";
import { exactNumber } from "./exact-number";
import { inTransaction } from "@/lib/db/in-transaction";
import { lockPayment } from "./refunds";
import { errorText, logger } from "@/lib/log";
import { atomic, atomicText } from "@/lib/db/amounts";

// A crypto refund goes where its buyer says, not to the address the money came from (an
// exchange's hot wallet, or nothing at all for a smart-contract wallet). The buyer proves the
// order is theirs by signing in as its owner address, or by a single-use link mailed to the
// order's e-mail; the claim is refused to anyone else and changes nothing then. A refund can be
// claimed while it is DUE; once the operator starts the payout (PAYING) its address is frozen.

type Proof = { kind: "owner"; address: string } | { kind: "link"; token: string };

export const CLAIM_LINK_TTL_MS = 60 * 60_000;
const LINKS_PER_HOUR = 3;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function listOrderRefunds(orderId: string): Promise<z.infer<typeof OrderRefundList>> {
  const order = await db().order.findUnique({ where: { id: orderId }, select: { ownerEmail: true } });
  if (!order) throw notFound("orderID", "No order has this id.");
  const rows = await db().refund.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return {
    refunds: rows.map((row) => ({
      id: row.id,
      method: row.method as "card" | "crypto",
      status: row.status,
      reason: row.reason,
      currency: row.currency,
      amount: exactNumber(formatUnits(atomic(row.amountAtomic), row.decimals)),
      amountAtomic: atomicText(row.amountAtomic),
      decimals: row.decimals,
      chain: row.chain,
      suggestedAddress: row.senderAddress,
      refundAddress: row.refundAddress,
      claimedAt: row.claimedAt?.toISOString() ?? null,
      claimable: row.method === "crypto" && row.status === "DUE",
      payoutReference: row.payoutReference,
      processorRefundId: row.processorRefundId,
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    emailClaim: order.ownerEmail !== null && order.ownerEmail !== "",
  };
}

/** Records where the order's DUE crypto refund is to be paid, once the claimant proved the order theirs. */
export async function claimRefund(input: { orderId: string; refundAddress: string; proof: Proof }) {
  await inTransaction(async (tx) => {
    const order = await tx.order.findUnique({
      where: { id: input.orderId },
      select: { ownerAddress: true, payment: { select: { id: true } } },
    });
    if (!order) throw notFound("orderID", "No order has this id.");
    const now = new Date();
    if (input.proof.kind === "owner") {
      if (input.proof.address.toLowerCase() !== order.ownerAddress.toLowerCase())
        throw forbidden("Only the order's owner address may claim its refund: sign in with that wallet.");
    } else {
      // Used up here; the transaction gives it back when the claim fails.
      const { count } = await tx.refundClaimLink.updateMany({
        where: { tokenHash: hashOf(input.proof.token), orderId: input.orderId, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count === 0)
        throw forbidden("This claim link is not valid for this order: it was used, it expired, or it is mistyped.");
    }
    if (!order.payment) throw conflict("orderID", "No crypto refund is owed on this order.");
    await lockPayment(tx, order.payment.id);
    const refund = await tx.refund.findFirst({
      where: { orderId: input.orderId, method: "crypto", status: "DUE" },
      orderBy: { createdAt: "desc" },
    });
    if (!refund)
      throw conflict("orderID", "No crypto refund is owed on this order now (none, or its payout has started).");
    const address = refundAddressFor(refund.chain, input.refundAddress);
    if (!address)
      throw badRequest(
        "refundAddress",
        `refundAddress is not an address that can receive ${refund.currency} on ${refund.chain ?? "this chain"}.`,
      );
    await tx.refund.update({
      where: { id: refund.id },
      data: {
        refundAddress: address,
        claimedAt: now,
        claimedBy: input.proof.kind === "owner" ? `owner:${input.proof.address.toLowerCase()}` : "email",
      },
    });
  });
  return listOrderRefunds(input.orderId);
}

const masked = (email: string) => {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
};

/**
 * Mails the order's e-mail a single-use link to claim its crypto refund, valid an hour; at most
 * three an hour per order, so the endpoint cannot be used to flood a buyer's mailbox.
 */
export async function sendRefundClaimLink(
  orderId: string,
  now = new Date(),
): Promise<z.infer<typeof RefundClaimLinkSent>> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: { ownerEmail: true, domain: true },
  });
  if (!order) throw notFound("orderID", "No order has this id.");
  if (!order.ownerEmail) throw conflict("orderID", "This order has no e-mail address: sign in with its owner address.");
  const refund = await db().refund.findFirst({ where: { orderId, method: "crypto", status: "DUE" } });
  if (!refund)
    throw conflict("orderID", "No crypto refund is owed on this order now (none, or its payout has started).");
  const cfg = config();
  if (!mailConfigured(cfg) || !cfg.PUBLIC_ORIGIN)
    throw new ApiError(
      503,
      "orderID",
      "Claim links cannot be mailed here (no SMTP_URL or PUBLIC_ORIGIN): sign in with the order's owner address.",
    );
  const recent = await db().refundClaimLink.findMany({
    where: { orderId, createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  if (recent.length >= LINKS_PER_HOUR) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + 3_600_000 - now.getTime()) / 1000));
    throw new ApiError(
      429,
      "rate",
      `${LINKS_PER_HOUR} links were mailed for this order in the last hour; retry later.`,
      {
        "Retry-After": String(retryAfter),
      },
    );
  }
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CLAIM_LINK_TTL_MS);
  await db().refundClaimLink.create({ data: { id, orderId, tokenHash: hashOf(token), expiresAt, createdAt: now } });
  const amount = `${formatUnits(atomic(refund.amountAtomic), refund.decimals)} ${refund.currency}`;
  // The code travels in the fragment: browsers never send it to a server or in a Referer.
  const link = `${cfg.PUBLIC_ORIGIN.replace(/\/+$/, "")}/orders/${orderId}#claim=${token}`;
  try {
    await sendMail({
      to: order.ownerEmail,
      subject: `Claim your refund of ${amount} (${order.domain})`,
      text:
        `A refund of ${amount} is owed to you for your order of ${order.domain}.\n\n` +
        `Open this link, within an hour, to say which address it is paid to (it works once):\n${link}\n\n` +
        "If you did not ask for this, ignore this mail.",
    });
  } catch (error) {
    await db().refundClaimLink.delete({ where: { id } });
    logger("mail").warn(`claim link not sent: ${errorText(error)}`);
    throw new ApiError(503, "orderID", "The mail server did not accept the message; retry shortly.");
  }
  return { sentTo: masked(order.ownerEmail), expiresAt: expiresAt.toISOString() };
}
