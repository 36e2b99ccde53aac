// A Headers implementation over a plain Map, for responses this service builds itself: undici's
// Headers validates and re-sorts on every call, which cost more than the rest of a cached read.
// Names are lower-cased; values are kept as given (they are ours, not a client's).

export class PlainHeaders implements Headers {
  // A null-prototype record, handed to node:http as it is.
  private readonly fields: Record<string, string> = Object.create(null);
  private readonly cookies: string[] = [];

  constructor(init?: Record<string, string> | Headers) {
    if (init && typeof (init as Headers).forEach === "function") (init as Headers).forEach((value, name) => this.append(name, value));
    else if (init) for (const name in init) this.fields[name.toLowerCase()] = (init as Record<string, string>)[name];
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.cookies.push(value);
    else {
      const current = this.fields[key];
      this.fields[key] = current === undefined ? value : `${current}, ${value}`;
    }
  }
  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === "set-cookie") this.cookies.length = 0;
    else delete this.fields[key];
  }
  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === "set-cookie") return this.cookies.length > 0 ? this.cookies.join(", ") : null;
    return this.fields[key] ?? null;
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
    else this.fields[key] = value;
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
  *entries(): HeadersIterator<[string, string]> {
    yield* Object.entries(this.fields).sort(([a], [b]) => (a < b ? -1 : 1));
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

  /** The headers as node:http takes them (the live record: read it once the response is done). */
  toNodeHeaders(): Record<string, string | string[]> {
    if (this.cookies.length === 0) return this.fields;
    return { ...this.fields, "set-cookie": [...this.cookies] };
  }
}
