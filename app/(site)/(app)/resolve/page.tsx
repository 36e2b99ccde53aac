import type { Metadata } from "next";
import { LookupForm } from "@/components/resolve/lookup-form";

export const metadata: Metadata = { title: "Resolve" };

export default function ResolveIndexPage() {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">Resolve a name or an address</h1>
      <p className="text-slate-600">
        Names of the native registry (.web3, .meta), ENS (.eth), Unstoppable Domains and ICANN domains. An address shows
        the name that points back to it.
      </p>
      <div className="card">
        <LookupForm />
      </div>
    </div>
  );
}
