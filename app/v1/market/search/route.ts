// Marketplace search: availability, reason and yearly price of one or several names (space separated).
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { SearchQuery, SearchResponse } from "@/lib/api/schemas/market";
import { searchNames } from "@/lib/market/search-names";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ url }) => {
  const { q } = parseQuery(url, SearchQuery);
  return respond(SearchResponse, { results: await searchNames(q) }, 200, { "cache-control": "public, max-age=5" });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
