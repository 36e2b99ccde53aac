// Next.js serves the pages; the /v1 API is served from the same route handlers by lib/server.
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
};

export default nextConfig;
