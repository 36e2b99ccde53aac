import type { Metadata } from "next";
import { OperatorConsole } from "@/components/operator/operator-console";

export const metadata: Metadata = { title: "Operator" };

export default function OperatorPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Operator</h1>
        <p className="mt-1 text-slate-600">What the orders of a period received, refunded and owe, for the books.</p>
      </div>
      <OperatorConsole />
    </div>
  );
}
