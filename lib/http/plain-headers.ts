// A Headers implementation over a flat list, for responses this service builds itself: undici's
// Headers validates and re-sorts on every call, which cost more than the rest of a cached read.
// The list is [name, value, name, value, …] with lower-cased names, the form node:http's
// writeHead takes as it is; a response has a handful of headers, so a linear scan is the fastest
// lookup, and a copy of a template is one array slice. Values are kept as given (they are ours,
// not a client's). Only set-cookie may appear more than once.

export class PlainHeaders implements Headers {
  private list: string[] = [];

  constructor(init?: Record<string, string> | Headers) {
    if (init instanceof PlainHeaders) this.list = init.list.slice();
    else if (init && typeof (init as Headers).forEach === "function")
      (init as Headers).forEach((value, name) => this.append(name, value));
    else if (init) for (const name in init) this.set(name, (init as Record<string, string>)[name]);
  }

  /**
   * Headers from a list written as `toList()` returns it, copied. The response cache's lists are
   * frozen, and V8's `slice` of a frozen array takes its slow path: 840 ns for a list of 4 on this
   * machine, against 22 for a spread of the same list (40 for `slice` of an unfrozen one); it was
   * 4% of a warm read's CPU.
   */
  static fromList(list: readonly string[]): PlainHeaders {
    const headers = new PlainHeaders();
    headers.list = [...list];
    return headers;
  }

  private indexOf(key: string): number {
    const list = this.list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === key) return i;
    return -1;
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const at = key === "set-cookie" ? -1 : this.indexOf(key);
    if (at === -1) this.list.push(key, value);
    else this.list[at + 1] = `${this.list[at + 1]}, ${value}`;
  }
  delete(name: string): void {
    const key = name.toLowerCase();
    for (let i = this.list.length - 2; i >= 0; i -= 2) if (this.list[i] === key) this.list.splice(i, 2);
  }
  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === "set-cookie") return this.getSetCookie().join(", ") || null;
    const at = this.indexOf(key);
    return at === -1 ? null : this.list[at + 1];
  }
  getSetCookie(): string[] {
    const cookies: string[] = [];
    for (let i = 0; i < this.list.length; i += 2) if (this.list[i] === "set-cookie") cookies.push(this.list[i + 1]);
    return cookies;
  }
  has(name: string): boolean {
    return this.indexOf(name.toLowerCase()) !== -1;
  }
  set(name: string, value: string): void {
    const key = name.toLowerCase();
    const at = this.indexOf(key);
    if (at === -1) this.list.push(key, value);
    else {
      this.list[at + 1] = value;
      // set() leaves one value, also of a repeated set-cookie.
      for (let i = this.list.length - 2; i > at; i -= 2) if (this.list[i] === key) this.list.splice(i, 2);
    }
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
  *entries(): HeadersIterator<[string, string]> {
    const pairs: [string, string][] = [];
    for (let i = 0; i < this.list.length; i += 2) pairs.push([this.list[i], this.list[i + 1]]);
    // Sorted by name as the Fetch standard iterates; the sort is stable, so cookies keep their order.
    yield* pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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

  /** The headers as node:http's writeHead takes them (the live list: read it once the response is done). */
  toList(): string[] {
    return this.list;
  }
}
