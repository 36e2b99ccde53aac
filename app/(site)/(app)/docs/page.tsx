import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API reference</h1>
        <p className="mt-1 text-slate-600">
          Every /v1 endpoint, its parameters, bodies and errors, read from the server&apos;s OpenAPI document.
        </p>
      </div>
      <ApiReference />
    </div>
  );
}
