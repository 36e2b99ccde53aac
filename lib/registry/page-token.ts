import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { badRequest } from "@/lib/contract/errors";
import { signingSecret } from "@/lib/partners/signing-secret";

// Opaque page tokens of endpoints 4 and 5 and of the refund lists: the keyset position, bound to
// the listing and the parent (for refunds: the partner and filter) it came from, signed with a key
// derived from the server key. A forged token, one from another parent, listing or filter, or one
// older than a day is refused with 400.

export type PagePosition =
  | { listing: "names"; parentId: string; createdAt: string; id: string; filter?: string }
  | { listing: "days"; parentId: string; day: string }
  | { listing: "refunds"; parentId: string; createdAt: string; id: string };

interface Payload {
  v: 1;
  l: "n" | "d" | "r";
  p: string;
  /** names: created_at ISO and id of the last row shown; days: the last day shown. */
  k: string[];
  /** Issued at, seconds. */
  t: number;
  /** The listing's filters (names): a page of one filter does not continue another. */
  f?: string;
}

const MAX_AGE_SECONDS = 24 * 3600;
const MAC_BYTES = 16;

function macOf(body: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update("page-token/v1").digest();
  return createHmac("sha256", key).update(body).digest().subarray(0, MAC_BYTES);
}

export function encodePageToken(position: PagePosition, now = Date.now(), secret = signingSecret()): string {
  const payload: Payload = {
    v: 1,
    l: position.listing === "names" ? "n" : position.listing === "refunds" ? "r" : "d",
    p: position.parentId,
    k: position.listing === "days" ? [position.day] : [position.createdAt, position.id],
    t: Math.floor(now / 1000),
    ...(position.listing === "names" && position.filter ? { f: position.filter } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${macOf(body, secret).toString("base64url")}`;
}

/** The position a token carries, after checking it was issued here for this listing and parent. */
export function decodePageToken<L extends PagePosition["listing"]>(
  token: string,
  expected: { listing: L; parentId: string; filter?: string },
  now = Date.now(),
  secret = signingSecret(),
): Extract<PagePosition, { listing: L }> {
  const refuse = (why: string) => badRequest("pageToken", `pageToken ${why}; start again without pageToken.`);
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) throw refuse("is not a token this service issued");
  const given = Buffer.from(mac, "base64url");
  const wanted = macOf(body, secret);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    throw refuse("is not a token this service issued");
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    throw refuse("is not a token this service issued");
  }
  const listing = payload.l === "n" ? "names" : payload.l === "d" ? "days" : payload.l === "r" ? "refunds" : undefined;
  if (payload.v !== 1 || listing !== expected.listing || !Array.isArray(payload.k))
    throw refuse("belongs to another listing");
  if (payload.p !== expected.parentId) throw refuse("belongs to another parent domain");
  if ((payload.f ?? "") !== (expected.filter ?? "")) throw refuse("belongs to a listing with other filters");
  if (!Number.isInteger(payload.t) || now / 1000 - payload.t > MAX_AGE_SECONDS) throw refuse("has expired");

  if (listing === "names" || listing === "refunds") {
    const [createdAt, id] = payload.k;
    if (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt)) || typeof id !== "string")
      throw refuse("is not a token this service issued");
    return { listing, parentId: payload.p, createdAt, id, filter: payload.f } as Extract<PagePosition, { listing: L }>;
  }
  const [day] = payload.k;
  if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw refuse("is not a token this service issued");
  return { listing, parentId: payload.p, day } as Extract<PagePosition, { listing: L }>;
}
