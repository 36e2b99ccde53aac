"use client";
// The address a crypto refund is paid to, sent with the proof the buyer has: the owner wallet's
// session, or else the code of a mailed claim link (dropped from the address bar once used).
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { apiClient, bearer, unwrap } from "../api/client";
import { isFieldError, showServerErrors } from "../forms/server-errors";
import { TextField } from "../forms/text-field";
import { useLoaded } from "../forms/use-loaded";
import { ErrorPanel } from "../status";
import { loadRefundSchemas, refundAddressSchema, type RefundAddressValues } from "./refund-address-schema";

const FIELDS = { refundAddress: "refundAddress" } as const;

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
  const api = useLoaded(loadRefundSchemas);
  const resolver = useMemo(() => zodResolver(refundAddressSchema(api)), [api]);
  const form = useForm<RefundAddressValues>({ resolver, defaultValues: { refundAddress: initialAddress } });
  const empty = useWatch({ control: form.control, name: "refundAddress" }).trim() === "";
  const claim = useMutation({
    mutationFn: ({ refundAddress }: RefundAddressValues) =>
      unwrap(
        apiClient.POST("/v1/market/order/{orderID}/refund-claim", {
          params: { path: { orderID: orderId } },
          body: { refundAddress, ...(claimCode && !ownerToken ? { claimToken: claimCode } : {}) },
          headers: ownerToken ? bearer(ownerToken) : undefined,
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(["order-refunds", orderId], data);
      if (claimCode) history.replaceState(null, "", window.location.pathname + window.location.search);
    },
    onError: (error) => showServerErrors(form.setError, error, FIELDS),
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((values) => claim.mutate(values))} className="space-y-3" noValidate>
        <TextField
          id={`${id}-address`}
          name="refundAddress"
          label={`Your ${currency} address for the refund`}
          rule="touched"
          spellCheck={false}
          mono
        />
        {claim.isError && !isFieldError(claim.error, FIELDS) ? (
          <ErrorPanel error={claim.error} title="The claim was not accepted" />
        ) : null}
        {claim.isSuccess ? (
          <p className="text-sm text-emerald-700" role="status">
            Claimed: the refund will be paid to this address.
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={claim.isPending || empty}>
          {claim.isPending ? "Claiming…" : "Claim the refund"}
        </button>
      </form>
    </FormProvider>
  );
}
