import type { NextConfig } from "next";

/** next.config.mjs: the configuration for a Next.js phase. */
declare const nextConfig: (phase: string) => NextConfig;
export default nextConfig;
