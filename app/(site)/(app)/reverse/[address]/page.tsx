import type { Metadata } from "next";
import Link from "next/link";
import { ReverseResolution } from "@/components/resolve/resolve-view";
import { routeParam } from "@/components/route-param";

type Props = { params: Promise<{ address: string }> };

export const metadata: Metadata = { title: "Reverse lookup" };

export default async function ReversePage({ params }: Props) {
  const address = routeParam((await params).address);
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/resolve" className="hover:underline">
          Resolve
        </Link>{" "}
        / reverse
      </nav>
      <div>
        <h1 className="text-2xl font-semibold">Reverse lookup</h1>
        <p className="mono mt-1 text-slate-600">{address}</p>
      </div>
      <ReverseResolution address={address} />
    </div>
  );
}
