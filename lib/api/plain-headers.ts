// A Headers implementation over a plain Map, for responses this service builds itself: undici's
// Headers validates and re-sorts on every call, which cost more than the rest of a cached read.
// Names are lower-cased; values are kept as given (they are ours, not a client's).

export class PlainHeaders implements Headers {
  private readonly fields = new Map<string, string>();
  private readonly cookies: string[] = [];

  constructor(init?: Record<string, string> | Headers) {
    if (init && typeof (init as Headers).forEach === "function") (init as Headers).forEach((value, name) => this.append(name, value));
    else if (init) for (const name in init) this.fields.set(name.toLowerCase(), (init as Record<string, string>)[name]);
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.cookies.push(value);
    else {
      const current = this.fields.get(key);
      this.fields.set(key, current === undefined ? value : `${current}, ${value}`);
    }
  }
  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.cookies.length = 0;
    else this.fields.delete(key);
  }
  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === "set-cookie") return this.cookies.length > 0 ? this.cookies.join(", ") : null;
    return this.fields.get(key) ?? null;
  }
  getSetCookie(): string[] {
    return [...this.cookies];
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
  set(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.cookies.splice(0, this.cookies.length, value);
    else this.fields.set(key, value);
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
  *entries(): HeadersIterator<[string, string]> {
    yield* [...this.fields.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const cookie of this.cookies) yield ["set-cookie", cookie];
  }
  *keys(): HeadersIterator<string> {
    for (const [key] of this.entries()) yield key;
  }
  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator]() {
    return this.entries();
  }

  /** The headers as node:http takes them, without copying through the iterator protocol. */
  toNodeHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = Object.fromEntries(this.fields);
    if (this.cookies.length > 0) out["set-cookie"] = [...this.cookies];
    return out;
  }
}
