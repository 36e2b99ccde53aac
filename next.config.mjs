import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import { nextHeaderRules } from "./lib/http/page-headers.mjs";

// Next.js serves the pages and, under `next start` and `next dev`, the API's route handlers too
// (instrumentation.ts runs the start-up and the request edge). `npm start` serves the API from the
// same route files through lib/server, and hands Next.js only the pages.
/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => ({
  reactStrictMode: true,
  poweredByHeader: false,
  // The pages' security headers, the same under every server (lib/http/page-headers.mjs).
  headers: async () => nextHeaderRules(phase === PHASE_DEVELOPMENT_SERVER),
  // No page uses next/image. The optimizer would fetch any local URL it is given, API routes
  // included, as a request of its own from no known client; turned off, /_next/image is a 404.
  images: { unoptimized: true },
  // Server-only runtimes are loaded from node_modules, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "stripe",
    "ganache",
  ],
  experimental: {
    // The application has no server actions; should one ever be invoked, its body keeps the API's bound.
    serverActions: { bodySizeLimit: "64kb" },
  },
});

export default nextConfig;
