import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Names — search, resolve and buy", template: "%s · Names" },
  description:
    "Resolve names of the native registry, ENS, Unstoppable Domains and ICANN, and buy .web3 and .meta names.",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

const NAV = [
  { href: "/", label: "Search" },
  { href: "/resolve", label: "Resolve" },
  { href: "/names", label: "My names" },
  { href: "/partner", label: "Partners" },
  { href: "/docs", label: "API" },
];

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: each answer's scripts carry the nonce of its own policy (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className={
            "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded " +
            "focus:bg-white focus:px-3 focus:py-2"
          }
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
            <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
              {/* eslint-disable-next-line @next/next/no-img-element --
                  a 24 px SVG icon: nothing for the image optimizer to do */}
              <img src="/favicon.svg" alt="" width={24} height={24} />
              Names
            </Link>
            <nav aria-label="Main">
              <ul className="flex flex-wrap gap-1 text-sm">
                {NAV.map((item) => (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      prefetch={false}
                      className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
          {children}
        </main>
        <footer className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
          Names of the native registry (.web3, .meta), ENS, Unstoppable Domains and ICANN.{" "}
          <Link href="/docs" prefetch={false} className="underline">
            API reference
          </Link>
        </footer>
      </body>
    </html>
  );
}
