import { createHash } from "node:crypto";

// The fingerprint of a purchase request that `checkoutId` is bound to: the same id with the same
// body replays the order, with another body it is a conflict. Keys are sorted so the order in which
// a client writes the fields does not matter; array order (walletAddrs) does.

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(body: Record<string, unknown>): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex");
}
