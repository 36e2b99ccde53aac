import "server-only";
import { createHmac } from "node:crypto";
import { signingSecret } from "@/lib/partners/signing-secret";

// Owner nonces and owner sessions are signed with keys of their own, derived from the service's
// signing secret: nothing signed for a partner token can pass for an owner's, or the reverse.

const derived = new Map<string, { secret: string; key: string }>();

export function ownerKey(purpose: "nonce" | "session"): string {
  const secret = signingSecret();
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = createHmac("sha256", secret).update(`namesvc owner ${purpose} v1`).digest("base64url");
  derived.set(purpose, { secret, key });
  return key;
}
