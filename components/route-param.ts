/** A dynamic route segment as text; tolerant of segments Next.js already decoded. */
export function routeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
