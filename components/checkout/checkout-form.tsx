"use client";
// The purchase form: years, owner, wallet records and payment, judged as typed by the API's own
// rules (loaded lazily), then the payment step.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useMemo, useRef } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { apiClient, ApiRequestError, unwrap } from "../api/client";
import { usd } from "../format";
import { useLiveValidation } from "../forms/shown-error";
import { TextField } from "../forms/text-field";
import { ErrorPanel } from "../status";
import { OrderSummary } from "./order-summary";
import { checkoutSchema, type CheckoutRequest, type CheckoutValues } from "./checkout-schema";
import { PaymentFields } from "./payment-fields";
import { PaymentStep, type StartedPayment } from "./payment-step";
import { randomUuid } from "./random-uuid";
import { useValidators } from "./use-validators";
import { WalletRows } from "./wallet-rows";
import { yearsTotal, YearsSelect } from "./years-select";

export function CheckoutForm({
  name,
  pricePerYear,
  cardPayments,
}: {
  name: string;
  pricePerYear: number;
  cardPayments: boolean;
}) {
  const id = useId();
  const validators = useValidators();
  const resolver = useMemo(() => zodResolver(checkoutSchema(validators)), [validators]);
  const form = useForm<CheckoutValues, unknown, CheckoutRequest>({
    resolver,
    defaultValues: {
      years: 1,
      ownerAddress: "",
      walletAddrs: [],
      method: cardPayments ? "card" : "crypto",
      currency: "ETH",
      ownerName: "",
      ownerEmail: "",
    },
  });
  useLiveValidation(form, validators);
  const checkoutId = useRef<string | null>(null);
  const [years, method, currency] = useWatch({ control: form.control, name: ["years", "method", "currency"] });
  const total = yearsTotal(pricePerYear, years);

  const purchase = useMutation({
    mutationFn: async (request: CheckoutRequest): Promise<StartedPayment> => {
      const { ownerAddress, walletAddrs } = request;
      if (request.method === "card") {
        checkoutId.current ??= randomUuid();
        const body = { checkoutId: checkoutId.current, domain: name, ownerAddress, walletAddrs, years: request.years };
        return { kind: "card", session: await unwrap(apiClient.POST("/v1/market/purchase", { body })) };
      }
      const { currency, ownerEmail, ownerName, years } = request;
      const body = { currency, domain: name, ownerAddress, ownerEmail, ownerName, walletAddrs, years };
      return { kind: "crypto", offer: await unwrap(apiClient.POST("/v1/market/crypto/purchase", { body })) };
    },
  });

  if (purchase.data) {
    const summary = (
      <>
        {name} for {years} {years === 1 ? "year" : "years"}: <strong className="text-slate-900">{usd(total)}</strong>
      </>
    );
    return <PaymentStep started={purchase.data} total={total} summary={summary} />;
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((request) => purchase.mutate(request))}
        noValidate
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        <div className="space-y-6">
          <fieldset className="card space-y-4">
            <legend className="sr-only">Registration</legend>
            <div>
              <YearsSelect id={`${id}-years`} label="Registration period" pricePerYear={pricePerYear} />
            </div>
            <TextField
              id={`${id}-owner`}
              name="ownerAddress"
              label="Owner address"
              hint="The EVM address (0x…) that will own the name and can change its records."
              rule="touched"
              placeholder="0x8ba1f109551bD432803012645Ac136ddd64DBA72"
              spellCheck={false}
              mono
            />
          </fieldset>
          <fieldset className="card space-y-4">
            <legend className="float-left mb-2 w-full font-semibold">Wallet records (optional)</legend>
            <p className="clear-both text-sm text-slate-600">
              Addresses people can pay by typing {name}. Each is checked against its coin&apos;s address format.
            </p>
            <WalletRows addLabel="Add a wallet address" />
          </fieldset>
          <PaymentFields id={id} cardPayments={cardPayments}>
            <TextField id={`${id}-oname`} name="ownerName" label="Your name" rule="touched" autoComplete="name" />
            <TextField
              id={`${id}-email`}
              name="ownerEmail"
              label="E-mail for the receipt"
              rule="touched"
              type="email"
              autoComplete="email"
            />
          </PaymentFields>
        </div>
        <OrderSummary
          rows={[
            ["Name", <span className="font-medium">{name}</span>],
            ["Price per year", usd(pricePerYear)],
            ["Years", years],
          ]}
          total={total}
          method={method}
          currency={currency}
          pending={purchase.isPending}
          error={purchase.isError ? <PurchaseError error={purchase.error} /> : null}
        />
      </form>
    </FormProvider>
  );
}

function PurchaseError({ error }: { error: Error }) {
  const conflict = error instanceof ApiRequestError && error.status === 409;
  return (
    <ErrorPanel
      error={error}
      title={conflict ? "This name is no longer available" : "The purchase could not be started"}
    >
      <p className="mt-1">
        {conflict
          ? "Someone may be buying it right now. Search for another name."
          : "Correct the field named above, or try again."}
      </p>
    </ErrorPanel>
  );
}
