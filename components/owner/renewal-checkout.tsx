"use client";
// Renewal checkout: anyone may pay more years for a registered name (or one in its grace period),
// by card (Stripe's Payment Element or the built-in test processor) or crypto, through the same
// payment steps and order page as a purchase.
import Link from "next/link";
import { Empty, ErrorPanel, Loading } from "../status";
import { useRenewalPrice } from "./renew-panel";
import { RenewalForm } from "./renewal-form";

export function RenewalCheckout({
  name,
  initialYears,
  cardPayments,
}: {
  name: string;
  initialYears: number;
  cardPayments: boolean;
}) {
  const result = useRenewalPrice(name);
  if (result.isPending) return <Loading label={`Checking ${name}…`} />;
  if (result.isError)
    return <ErrorPanel error={result.error} title={`${name} could not be checked`} onRetry={() => result.refetch()} />;
  const found = result.data;
  if (found?.available) {
    return (
      <Empty title={`${found.name} is not registered`}>
        <p>
          There is nothing to renew.{" "}
          <Link href={`/checkout/${encodeURIComponent(found.name)}`} className="text-indigo-700 underline">
            Buy {found.name}
          </Link>{" "}
          instead.
        </p>
      </Empty>
    );
  }
  const renewable = (found?.reason === "taken" || found?.reason === "grace") && found.expiresAt;
  if (!found || !renewable || found.priceUsdPerYear === undefined) {
    return (
      <Empty title={`${name} cannot be renewed here`}>
        <p>
          {found?.reason === "taken" ? `${found.name} does not expire.` : (found?.message ?? "It is not for sale.")}
        </p>
      </Empty>
    );
  }
  return (
    <RenewalForm
      name={found.name}
      pricePerYear={found.priceUsdPerYear}
      expiresAt={found.expiresAt!}
      graceEndsAt={found.reason === "grace" ? found.graceEndsAt : undefined}
      initialYears={initialYears}
      cardPayments={cardPayments}
    />
  );
}
