"use client";
// Before a refund can be claimed the buyer proves the order is theirs: by signing in with the
// owner wallet, or (when the order has an e-mail) with a single-use link mailed to it.
import { useMutation } from "@tanstack/react-query";
import { apiClient, unwrap } from "../api/client";
import { ConnectWallet } from "../owner/connect-wallet";
import { ErrorPanel } from "../status";

export function ClaimProofChoice({
  orderId,
  emailClaim,
  wrongWallet,
}: {
  orderId: string;
  emailClaim: boolean;
  /** A wallet is signed in, but not the order's owner address. */
  wrongWallet: boolean;
}) {
  const link = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.POST("/v1/market/order/{orderID}/refund-claim-link", { params: { path: { orderID: orderId } } }),
      ),
  });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        To claim it, sign in with the wallet of the order&apos;s owner address
        {emailClaim ? ", or ask for a single-use link at the order's e-mail address" : ""}.
      </p>
      {wrongWallet ? (
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
  );
}
