import { NameSearch } from "@/components/search/name-search";
import { LookupForm } from "@/components/resolve/lookup-form";

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="pt-4 text-center sm:pt-10">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Find your name</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          Check whether a .web3 or .meta name is free, see its price per year, and buy it by card or crypto.
        </p>
      </section>
      <div className="mx-auto max-w-2xl">
        <NameSearch />
      </div>
      <section className="card mx-auto max-w-2xl" aria-labelledby="lookup-heading">
        <h2 id="lookup-heading" className="mb-3 font-semibold">
          Resolve a name or an address
        </h2>
        <LookupForm />
      </section>
    </div>
  );
}
