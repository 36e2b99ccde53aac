"use client";
// The address a crypto refund is paid to, sent with the proof the buyer has: the owner wallet's
// session, or else the code of a mailed claim link (dropped from the address bar once used).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ApiRequestError, apiClient, bearer, unwrap } from "../api/client";
import { Field } from "../field";
import { ErrorPanel } from "../status";

export function RefundAddressForm({
  orderId,
  currency,
  initialAddress,
  ownerToken,
  claimCode,
}: {
  orderId: string;
  currency: string;
  initialAddress: string;
  /** The owner session's token when the signed-in wallet is the order's owner. */
  ownerToken: string | undefined;
  claimCode: string | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(initialAddress);
  const claim = useMutation({
    mutationFn: () =>
      unwrap(
        apiClient.POST("/v1/market/order/{orderID}/refund-claim", {
          params: { path: { orderID: orderId } },
          body: { refundAddress: address.trim(), ...(claimCode && !ownerToken ? { claimToken: claimCode } : {}) },
          headers: ownerToken ? bearer(ownerToken) : undefined,
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(["order-refunds", orderId], data);
      if (claimCode) history.replaceState(null, "", window.location.pathname + window.location.search);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate();
  };
  const fieldError =
    claim.error instanceof ApiRequestError ? (claim.error.fieldMessage("refundAddress") ?? null) : null;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id={`${id}-address`} label={`Your ${currency} address for the refund`} error={fieldError}>
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
  );
}
