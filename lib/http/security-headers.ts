import "server-only";

// Response headers of the API (set by the endpoint wrapper). The pages' headers are defined once,
// for both servers, in lib/http/page-headers.mjs.

export { pageSecurityHeaders } from "./page-headers.mjs";

/** Adds the API's defaults where the handler set none. */
export function setApiSecurityHeaders(headers: Headers): void {
  headers.set("x-content-type-options", "nosniff");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
}
