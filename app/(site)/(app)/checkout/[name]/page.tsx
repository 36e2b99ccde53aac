import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutFlow } from "@/components/checkout/checkout-flow";
import { routeParam } from "@/components/route-param";
import { cardPaymentMode } from "@/lib/config";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Buy ${routeParam((await params).name)}` };
}

export default async function CheckoutPage({ params }: Props) {
  const name = routeParam((await params).name);
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/" className="hover:underline">
          Search
        </Link>{" "}
        / checkout
      </nav>
      <h1 className="break-all text-2xl font-semibold">Buy {name}</h1>
      <CheckoutFlow name={name} cardPayments={cardPaymentMode() !== "off"} />
    </div>
  );
}
