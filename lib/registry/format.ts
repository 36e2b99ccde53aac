/** `YYYY-MM-DD hh:mm:ss.mmm` in UTC, the interface's form of a sub-domain's creation time. */
export function listTimestamp(date: Date): string {
  return date.toISOString().replace("T", " ").slice(0, 23);
}
