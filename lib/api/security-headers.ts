import "server-only";

// Response headers of the pages (set by lib/server/http-server.ts before Next.js renders) and of
// the API (set by the endpoint wrapper).
//
// Scripts: the App Router writes its bootstrap and the streamed RSC payload as inline
// `<script>self.__next_f.push(...)</script>`. A nonce would have to be minted per request and
// would force every page to render dynamically (a prerendered page cannot carry a per-request
// nonce), so script-src admits 'unsafe-inline' from our own origin instead. What makes injection
// unlikely is elsewhere: React escapes everything it renders, no page sets raw HTML, and the
// policy still forbids foreign script hosts (Stripe's, on checkout only), plugins, <base>
// rewrites, foreign form targets and framing.

const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com", "https://m.stripe.network"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://m.stripe.network"],
  img: ["https://*.stripe.com"],
};

function contentSecurityPolicy(withStripe: boolean, dev: boolean): string {
  const extra = (list: string[]) => (withStripe ? list : []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // React's development build evaluates source maps for its error overlay; never in production.
    "script-src": ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : []), ...extra(STRIPE.script)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...extra(STRIPE.img)],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : []), ...extra(STRIPE.connect)],
    "frame-src": withStripe ? STRIPE.frame : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "bluetooth=()",
  "browsing-topics=()",
  // Stripe's Payment Element offers Apple Pay and Google Pay through the Payment Request API.
  `payment=(self "https://js.stripe.com")`,
].join(", ");

type HeaderList = readonly (readonly [string, string])[];

function pageHeaders(withStripe: boolean, dev: boolean): HeaderList {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(withStripe, dev)],
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    // Popups a payment method opens (wallets, 3-D Secure) keep their link back to the checkout.
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
  ];
}

const cache = new Map<string, HeaderList>();

/** The security headers of a page path; Stripe is admitted only under /checkout. */
export function pageSecurityHeaders(pathname: string, dev = false): HeaderList {
  const withStripe = pathname === "/checkout" || pathname.startsWith("/checkout/");
  const key = `${withStripe}:${dev}`;
  let headers = cache.get(key);
  if (!headers) cache.set(key, (headers = pageHeaders(withStripe, dev)));
  return headers;
}

/** Adds the API's defaults where the handler set none. */
export function setApiSecurityHeaders(headers: Headers): void {
  headers.set("x-content-type-options", "nosniff");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
}
