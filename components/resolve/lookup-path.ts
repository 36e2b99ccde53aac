// Where the pages look names up: with a partner's pasted token, the partner API (and its quota);
// without one, the app's own anonymous lookup routes, limited per visitor address. Either way the
// browser never holds a token it was not given by its user.

export function lookupPath(kind: "resolve" | "reverse", subject: string, token: string | null | undefined): string {
  const encoded = encodeURIComponent(subject);
  return token ? `/v1/${kind}/${encoded}` : `/api/lookup/${kind}/${encoded}`;
}
