export type HeaderList = readonly (readonly [string, string])[];

/** True for the paths whose pages may load Stripe (the checkout pages). */
export function isCheckoutPath(pathname: string): boolean;

/** The pages' Content-Security-Policy; with `nonce`, inline scripts carrying it run. */
export function contentSecurityPolicy(options?: { stripe?: boolean; dev?: boolean; nonce?: string }): string;

/** The security headers of a page path; Stripe is admitted only on the checkout pages. */
export function pageSecurityHeaders(pathname: string, dev?: boolean): HeaderList;

/** Next.js's `headers()` rules for the same headers. */
export function nextHeaderRules(dev?: boolean): { source: string; headers: { key: string; value: string }[] }[];
