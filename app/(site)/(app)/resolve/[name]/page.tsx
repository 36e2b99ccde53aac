import type { Metadata } from "next";
import Link from "next/link";
import { ForwardResolution } from "@/components/resolve/resolve-view";
import { LookupForm } from "@/components/resolve/lookup-form";
import { routeParam } from "@/components/route-param";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: routeParam((await params).name) };
}

export default async function ResolvePage({ params }: Props) {
  const name = routeParam((await params).name);
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/resolve" className="hover:underline">
          Resolve
        </Link>{" "}
        / <span className="break-all">{name}</span>
      </nav>
      <h1 className="sr-only">Records of {name}</h1>
      <ForwardResolution name={name} />
      <div className="card">
        <LookupForm key={name} />
      </div>
    </div>
  );
}
