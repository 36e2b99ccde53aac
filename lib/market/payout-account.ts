import "server-only";
import { ApiError, badRequest, notFound } from "@/lib/contract/errors";
import { stripeConfigured } from "@/lib/config";
import { db } from "@/lib/db";
import { stripeClient, stripeErrorStatus } from "@/lib/payments/card/stripe-processor";

// Where the card money of a partner's sales goes: a Stripe connected account the partner's ADMIN
// sets (PUT /v1/partner/payout-account, or `npm run partner -- payout-account`). Card purchases of
// the names that partner sells are destination charges to it; nothing a buyer sends changes that.

const CONNECTED_ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;

/** The connected account paid for a sale by `sellerPartnerId`; null for the registry's own sales. */
export async function payoutAccountOf(sellerPartnerId: string | null): Promise<string | null> {
  if (!sellerPartnerId) return null;
  const partner = await db().partner.findUnique({
    where: { id: sellerPartnerId },
    select: { payoutAccountId: true },
  });
  return partner?.payoutAccountId ?? null;
}

export async function getPayoutAccount(partnerId: string): Promise<{ processorConnectedAccountId: string | null }> {
  const partner = await db().partner.findUnique({ where: { id: partnerId }, select: { payoutAccountId: true } });
  if (!partner) throw notFound("partnerId", "No partner has this id.");
  return { processorConnectedAccountId: partner.payoutAccountId };
}

/**
 * Sets (or, with null, removes) the partner's connected account. With Stripe configured the
 * account must exist on the platform, so a typo cannot turn every later purchase into a 502.
 */
export async function setPayoutAccount(
  partnerId: string,
  accountId: string | null,
): Promise<{ processorConnectedAccountId: string | null }> {
  if (accountId !== null && !CONNECTED_ACCOUNT.test(accountId))
    throw badRequest(
      "processorConnectedAccountId",
      "processorConnectedAccountId must be a connected account id (acct_…) or null.",
    );
  if (accountId !== null && stripeConfigured()) await assertConnectedAccount(accountId);
  const { count } = await db().partner.updateMany({ where: { id: partnerId }, data: { payoutAccountId: accountId } });
  if (count === 0) throw notFound("partnerId", "No partner has this id.");
  return { processorConnectedAccountId: accountId };
}

async function assertConnectedAccount(accountId: string): Promise<void> {
  try {
    await (await stripeClient()).accounts.retrieve(accountId);
  } catch (error) {
    const status = stripeErrorStatus(error);
    if (status === 404 || status === 403)
      throw badRequest(
        "processorConnectedAccountId",
        `Stripe knows no connected account ${accountId} on this platform.`,
      );
    throw new ApiError(502, "processor", "Stripe did not answer while the connected account was checked; retry.");
  }
}
