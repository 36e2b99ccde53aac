import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold">This page does not exist</h1>
      <p className="mt-2 text-slate-600">The address may be mistyped, or the page moved. Search for a name instead.</p>
      <Link href="/" className="btn-primary mt-6">
        Go to search
      </Link>
    </div>
  );
}
