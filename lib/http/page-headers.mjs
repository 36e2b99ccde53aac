// The response headers of the pages: the one definition both servers use. next.config.mjs hands
// them to Next.js's `headers()` (so `next start`, `next dev` and the Next.js that `npm start`
// attaches all send them), lib/server/http-server.ts sets the same before it hands a request to
// Next.js, and proxy.ts replaces the Content-Security-Policy of each page with one that carries a
// fresh nonce. Plain JavaScript, because next.config.mjs loads it without a compiler.
//
// Scripts: the App Router writes its bootstrap and the streamed RSC payload as inline
// `<script>self.__next_f.push(...)</script>`. Next.js puts the nonce it finds in the request's
// Content-Security-Policy on each of them, so script-src names that nonce and never
// 'unsafe-inline'. A path proxy.ts does not answer (static files) gets the policy without a nonce,
// which runs no inline script at all. Styles keep 'unsafe-inline': React writes `style`
// attributes, which a nonce cannot cover.

const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com", "https://m.stripe.network"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://m.stripe.network"],
  img: ["https://*.stripe.com"],
};

/** True for the paths whose pages may load Stripe (the checkout pages). */
export function isCheckoutPath(pathname) {
  return pathname === "/checkout" || pathname.startsWith("/checkout/");
}

export function contentSecurityPolicy({ stripe = false, dev = false, nonce } = {}) {
  const extra = (list) => (stripe ? list : []);
  const directives = {
    "default-src": ["'self'"],
    // React's development build evaluates source maps for its error overlay; never in production.
    "script-src": [
      "'self'",
      ...(nonce ? [`'nonce-${nonce}'`] : []),
      ...(dev ? ["'unsafe-eval'"] : []),
      ...extra(STRIPE.script),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...extra(STRIPE.img)],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : []), ...extra(STRIPE.connect)],
    "frame-src": stripe ? STRIPE.frame : ["'none'"],
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

function headerList(stripe, dev, nonce) {
  return [
    ["Content-Security-Policy", contentSecurityPolicy({ stripe, dev, nonce })],
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    // Popups a payment method opens (wallets, 3-D Secure) keep their link back to the checkout.
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
  ];
}

const cache = new Map();

/** The security headers of a page path; Stripe is admitted only on the checkout pages. */
export function pageSecurityHeaders(pathname, dev = false) {
  const stripe = isCheckoutPath(pathname);
  const key = `${stripe}:${dev}`;
  let headers = cache.get(key);
  if (!headers) cache.set(key, (headers = headerList(stripe, dev)));
  return headers;
}

// Every path but the API's (`/v1`, `/api`): an API answer carries the API's own headers
// (lib/http/security-headers.ts), under `next start` as under lib/server, which never hands an API
// path to Next.js.
const PAGES = "/((?!v1(?:/|$)|api(?:/|$)).*)";

/** Next.js's `headers()` rules: the checkout rule comes last, so its policy wins on its paths. */
export function nextHeaderRules(dev = false) {
  const rule = (source, stripe) => ({
    source,
    headers: headerList(stripe, dev).map(([key, value]) => ({ key, value })),
  });
  return [rule(PAGES, false), rule("/checkout", true), rule("/checkout/:path*", true)];
}
