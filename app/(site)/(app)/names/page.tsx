import type { Metadata } from "next";
import { OwnerNames } from "@/components/owner/names-dashboard";

export const metadata: Metadata = { title: "My names" };

export default function NamesPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">My names</h1>
        <p className="mt-1 text-slate-600">
          Sign in with the wallet that owns your names to change their records, make one your primary name, transfer or
          renew them.
        </p>
      </div>
      <OwnerNames />
    </div>
  );
}
