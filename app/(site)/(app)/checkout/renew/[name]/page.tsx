import type { Metadata } from "next";
import Link from "next/link";
import { RenewalCheckout } from "@/components/owner/renewal-checkout";
import { routeParam } from "@/components/route-param";
import { cardPaymentMode } from "@/lib/config";

type Props = { params: Promise<{ name: string }>; searchParams: Promise<{ years?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Renew ${routeParam((await params).name)}` };
}

export default async function RenewalCheckoutPage({ params, searchParams }: Props) {
  const name = routeParam((await params).name);
  const asked = Number((await searchParams).years);
  const years = Number.isInteger(asked) && asked >= 1 && asked <= 10 ? asked : 1;
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/names" className="hover:underline">
          My names
        </Link>{" "}
        / renew
      </nav>
      <h1 className="break-all text-2xl font-semibold">Renew {name}</h1>
      <RenewalCheckout
        key={`${name}:${years}`}
        name={name}
        initialYears={years}
        cardPayments={cardPaymentMode() !== "off"}
      />
    </div>
  );
}
