"use client";
import Link from "next/link";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-semibold">This page failed to load</h1>
      <p className="mt-2 text-slate-600">
        Something went wrong while showing it. Try again; if it keeps failing, go back to search.
      </p>
      {error.digest ? <p className="mt-2 text-xs text-slate-500">Reference: {error.digest}</p> : null}
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={reset}>
          Try again
        </button>
        <Link href="/" className="btn-secondary">
          Go to search
        </Link>
      </div>
    </div>
  );
}
