// Marketplace search: availability, reason and yearly price of one or several names (space separated).
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { SearchQuery, SearchResponse } from "@/lib/contract/schemas/market";
import { searchNames } from "@/lib/market/search-names";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ url }) => {
  const { q } = parseQuery(url, SearchQuery);
  return respond(SearchResponse, { results: await searchNames(q) }, 200, { "cache-control": "public, max-age=5" });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
