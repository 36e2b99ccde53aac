"use client";
// Checkout of one name: years and total, owner and wallet addresses validated as they are typed,
// then card (Stripe's Payment Element, or the built-in test processor) or crypto.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiClient, unwrap } from "../api/client";
import { Empty, ErrorPanel, Loading } from "../status";
import { CheckoutForm } from "./checkout-form";

export function CheckoutFlow({ name, cardPayments }: { name: string; cardPayments: boolean }) {
  const availability = useQuery({
    queryKey: ["market-search", [name]],
    queryFn: ({ signal }) => unwrap(apiClient.GET("/v1/market/search", { params: { query: { q: name } }, signal })),
    select: (data) => data.results[0],
  });

  if (availability.isPending) return <Loading label={`Checking ${name}…`} />;
  if (availability.isError)
    return (
      <ErrorPanel
        error={availability.error}
        title={`${name} could not be checked`}
        onRetry={() => availability.refetch()}
      />
    );
  const result = availability.data;
  if (!result || !result.available || result.priceUsdPerYear === undefined) {
    return (
      <Empty title={`${name} cannot be bought`}>
        <p>{result?.message ?? "It is not for sale."}</p>
        {result?.expiresAt && (result.reason === "grace" || result.reason === "taken") ? (
          <p className="mt-2">
            <Link href={`/checkout/renew/${encodeURIComponent(result.name)}`} className="text-indigo-700 underline">
              Renew {result.name}
            </Link>{" "}
            (anyone may pay for a renewal).
          </p>
        ) : null}
        <p className="mt-2">
          <Link href="/" className="text-indigo-700 underline">
            Search for another name
          </Link>
        </p>
      </Empty>
    );
  }
  return <CheckoutForm name={result.name} pricePerYear={result.priceUsdPerYear} cardPayments={cardPayments} />;
}
