"use client";
// The built-in test processor's checkout: no real card is charged, and the page says so.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { TEST_CARDS } from "@/lib/payments/card/test-cards";
import { callOwnRoute } from "../api/client";
import { usd } from "../format";
import { isFieldError, showServerErrors } from "../forms/server-errors";
import { ErrorPanel } from "../status";
import { TestCard, type TestCardInput } from "./test-card-schema";

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
const FIELDS = { cardNumber: "cardNumber" } as const;

export function TestCardForm({
  clientSecret,
  orderId,
  total,
}: {
  clientSecret: string;
  orderId: string;
  total: number;
}) {
  const id = useId();
  const router = useRouter();
  // Judged when "Pay" is pressed; the message stays until the next try.
  const { register, handleSubmit, setError, formState } = useForm<TestCardInput, unknown, TestCard>({
    resolver: zodResolver(TestCard),
    defaultValues: { cardNumber: "" },
    reValidateMode: "onSubmit",
  });
  const error = formState.errors.cardNumber?.message ?? null;
  const pay = useMutation({
    mutationFn: async ({ cardNumber }: TestCard) => {
      const outcome = await callOwnRoute<{ status: "succeeded" | "declined"; message: string }>(
        "/api/test-processor/pay",
        { method: "POST", body: { clientSecret, cardNumber } },
      );
      // A decline is an answer, not a failure of the call: the message says why.
      if (outcome.status !== "succeeded") throw new Error(outcome.message);
      return outcome;
    },
    onSuccess: () => router.push(`/orders/${orderId}`),
    onError: (failure) => showServerErrors(setError, failure, FIELDS),
  });

  return (
    <div className="card space-y-4" data-testid="test-checkout">
      <div
        role="note"
        className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="font-semibold">Test mode — no real payment is taken</p>
        <p className="mt-1">
          No card processor is configured on this server, so the built-in test processor stands in. Use one of these
          test card numbers:
        </p>
        <ul className="mt-2 space-y-1">
          {Object.entries(TEST_CARDS).map(([number, outcome]) => (
            <li key={number} className="flex flex-wrap gap-x-2">
              <span className="font-mono">{grouped(number)}</span>
              <span className="text-amber-900">
                {outcome.succeeds ? "succeeds" : `declined (${outcome.message.replace(/\.$/, "")})`}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <form onSubmit={handleSubmit((card) => pay.mutate(card))} noValidate className="space-y-3">
        <div>
          <label htmlFor={id} className="label">
            Card number
          </label>
          <input
            id={id}
            {...register("cardNumber")}
            inputMode="numeric"
            autoComplete="off"
            placeholder="4242 4242 4242 4242"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            className={`input font-mono ${error ? "border-red-500" : ""}`}
          />
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700" aria-live="polite">
            {error}
          </p>
        </div>
        {pay.isError && !isFieldError(pay.error, FIELDS) ? (
          <ErrorPanel error={pay.error} title="The payment was declined">
            <p className="mt-1">Try another test card number from the list above.</p>
          </ErrorPanel>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={pay.isPending || pay.isSuccess}>
          {pay.isPending || pay.isSuccess ? "Paying…" : `Pay ${usd(total)} (test)`}
        </button>
      </form>
    </div>
  );
}
