"use client";
// "A refund of X is owed: claim it": the buyer says which address a crypto refund is paid to,
// proven by the owner wallet's session or by the code of a link mailed to the order's e-mail
// (it arrives in the page's fragment, which no server sees).
import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { OrderRefund } from "@/lib/contract/schemas/refunds";
import type { z } from "zod";
import { apiClient, unwrap } from "../api/client";
import { useOwnerSession } from "../owner/owner-session";
import { ClaimProofChoice } from "./claim-proof-choice";
import { RefundAddressForm } from "./refund-address-form";

type Refund = z.infer<typeof OrderRefund>;

const noSubscription = () => () => undefined;
const claimCode = () => /(?:^#|&)claim=([A-Za-z0-9_-]{43})/.exec(window.location.hash)?.[1] ?? null;

export function RefundClaims({ orderId, ownerAddress }: { orderId: string; ownerAddress: string }) {
  const refunds = useQuery({
    queryKey: ["order-refunds", orderId],
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET("/v1/market/order/{orderID}/refunds", { params: { path: { orderID: orderId } }, signal })),
    refetchInterval: 15_000,
  });
  // Owed or being paid; paid and written-off refunds need nothing from the buyer.
  const crypto = refunds.data?.refunds.filter(
    (refund) => refund.method === "crypto" && (refund.status === "DUE" || refund.status === "PAYING"),
  );
  if (!crypto?.length) return null;
  return (
    <section className="card space-y-4" aria-labelledby="refund-heading" data-testid="refund-claims">
      <h2 id="refund-heading" className="font-semibold">
        Refund
      </h2>
      {crypto.map((refund) => (
        <ClaimOne
          key={refund.id}
          orderId={orderId}
          ownerAddress={ownerAddress}
          refund={refund}
          emailClaim={refunds.data!.emailClaim}
        />
      ))}
    </section>
  );
}

function ClaimOne(props: { orderId: string; ownerAddress: string; refund: Refund; emailClaim: boolean }) {
  const { orderId, ownerAddress, refund, emailClaim } = props;
  const session = useOwnerSession();
  const code = useSyncExternalStore(noSubscription, claimCode, () => null);
  const destination = refund.refundAddress ?? refund.suggestedAddress;
  const isOwner = session?.address.toLowerCase() === ownerAddress.toLowerCase();
  const amount = `${refund.amount} ${refund.currency}`;
  if (!refund.claimable)
    return (
      <p className="text-sm text-slate-700" data-testid="refund-paying">
        The refund of {amount} is being paid to <span className="mono break-all">{destination ?? "—"}</span>.
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="refund-owed">
        A refund of <strong>{amount}</strong> is owed: claim it. It goes to{" "}
        <span className="mono break-all" data-testid="refund-destination">
          {destination ?? "—"}
        </span>
        {refund.refundAddress ? " (the address you claimed)" : " (the address your payment came from)"} unless you give
        another below. Exchanges and smart-contract wallets often cannot receive it at the sending address.
      </p>
      {isOwner || code ? (
        <RefundAddressForm
          orderId={orderId}
          currency={refund.currency}
          initialAddress={destination ?? ""}
          ownerToken={isOwner ? session?.token : undefined}
          claimCode={code}
        />
      ) : (
        <ClaimProofChoice orderId={orderId} emailClaim={emailClaim} wrongWallet={Boolean(session) && !isOwner} />
      )}
    </div>
  );
}
