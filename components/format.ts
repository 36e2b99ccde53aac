// Display helpers shared by the pages.

export function usd(amount: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
}

export function dateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (
    new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date) + " UTC"
  );
}

export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/** Native TLDs, used to complete a bare label typed into the search box. */
const NATIVE_TLDS = ["web3", "meta"] as const;

/** What the search box asks about: each word, and a bare label under every native TLD. */
export function namesToSearch(input: string): string[] {
  const words = input
    .toLowerCase()
    .split(/[\s,]+/)
    .map((word) => word.trim().replace(/^\.+|\.+$/g, ""))
    .filter(Boolean);
  const names = words.flatMap((word) => (word.includes(".") ? [word] : NATIVE_TLDS.map((tld) => `${word}.${tld}`)));
  return [...new Set(names)].slice(0, 20);
}
