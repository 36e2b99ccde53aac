import type { Metadata } from "next";
import { PartnerDashboard } from "@/components/partner/dashboard";

export const metadata: Metadata = { title: "Partner dashboard" };

export default function PartnerPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Partner dashboard</h1>
        <p className="mt-1 text-slate-600">Access tokens, purchases and parent domains of your partner account.</p>
      </div>
      <PartnerDashboard />
    </div>
  );
}
