// Next.js serves the pages and, under `next start` and `next dev`, the API's route handlers too
// (instrumentation.ts runs the start-up and the request edge). `npm start` serves the API from the
// same route files through lib/server, and hands Next.js only the pages.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
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
};

export default nextConfig;
