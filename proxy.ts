import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, isCheckoutPath } from "@/lib/http/page-headers.mjs";

// Each page's Content-Security-Policy, with a nonce of its own (lib/http/page-headers.mjs has the
// rest of the headers and says why). Next.js reads the nonce from the request's policy and puts it
// on every script it writes; the pages render per request (app/layout.tsx) so that each carries
// the nonce of its answer. The API and static files never come here.
export function proxy(request: NextRequest): NextResponse {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const policy = contentSecurityPolicy({
    stripe: isCheckoutPath(request.nextUrl.pathname),
    // NODE_ENV is Next.js's build-time constant here (as in instrumentation.ts), not a setting.
    dev: process.env.NODE_ENV === "development",
    nonce,
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!v1(?:/|$)|api(?:/|$)|metrics$|bench-reference(?:/|$)|_next/static/|_next/image|favicon\\.svg$).*)"],
};
