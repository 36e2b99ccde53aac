"use client";
// "A refund of X is owed: claim it": the buyer says which address a crypto refund is paid to,
// proven by the owner wallet's session or by the code of a link mailed to the order's e-mail
// (it arrives in the page's fragment, which no server sees).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import type { OrderRefund } from "@/lib/contract/schemas/refunds";
import type { z } from "zod";
import { ApiRequestError, apiClient, bearer, unwrap } from "../api/client";
import { Field } from "../field";
import { ConnectWallet } from "../owner/connect-wallet";
import { useOwnerSession } from "../owner/owner-session";
import { ErrorPanel } from "../status";

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
  const id = useId();
  const queryClient = useQueryClient();
  const session = useOwnerSession();
  const code = useSyncExternalStore(noSubscription, claimCode, () => null);
  const destination = refund.refundAddress ?? refund.suggestedAddress;
  const [address, setAddress] = useState(destination ?? "");
  const isOwner = session?.address.toLowerCase() === ownerAddress.toLowerCase();
  const claim = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.POST("/v1/market/order/{orderID}/refund-claim", {
          params: { path: { orderID: orderId } },
          body: { refundAddress: address.trim(), ...(code && !isOwner ? { claimToken: code } : {}) },
          headers: isOwner ? bearer(session?.token) : undefined,
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(["order-refunds", orderId], data);
      if (code) history.replaceState(null, "", window.location.pathname + window.location.search);
    },
  });
  const link = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.POST("/v1/market/order/{orderID}/refund-claim-link", { params: { path: { orderID: orderId } } }),
      ),
  });
  const amount = `${refund.amount} ${refund.currency}`;
  if (!refund.claimable)
    return (
      <p className="text-sm text-slate-700" data-testid="refund-paying">
        The refund of {amount} is being paid to <span className="mono break-all">{destination ?? "—"}</span>.
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate();
  };
  const fieldError =
    claim.error instanceof ApiRequestError ? (claim.error.fieldMessage("refundAddress") ?? null) : null;
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
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Field id={`${id}-address`} label={`Your ${refund.currency} address for the refund`} error={fieldError}>
            <input
              id={`${id}-address`}
              className="input mono"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-address-error`}
            />
          </Field>
          {claim.isError && !fieldError ? <ErrorPanel error={claim.error} title="The claim was not accepted" /> : null}
          {claim.isSuccess ? (
            <p className="text-sm text-emerald-700" role="status">
              Claimed: the refund will be paid to this address.
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={claim.isPending || address.trim() === ""}>
            {claim.isPending ? "Claiming…" : "Claim the refund"}
          </button>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            To claim it, sign in with the wallet of the order&apos;s owner address
            {emailClaim ? ", or ask for a single-use link at the order's e-mail address" : ""}.
          </p>
          {session && !isOwner ? (
            <p className="text-sm text-red-700">The wallet signed in is not this order&apos;s owner address.</p>
          ) : null}
          <ConnectWallet />
          {emailClaim ? (
            <div>
              <button type="button" className="btn-secondary" onClick={() => link.mutate()} disabled={link.isPending}>
                E-mail me a claim link
              </button>
              {link.isSuccess ? (
                <p className="mt-2 text-sm text-emerald-700" role="status">
                  Sent to {link.data.sentTo}; it works once, within an hour.
                </p>
              ) : null}
              {link.isError ? <ErrorPanel error={link.error} title="No link was sent" /> : null}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
