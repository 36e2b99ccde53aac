// Two independent 32-bit hashes of a string's UTF-16 units in one pass (FNV-1a, and a
// multiplicative mix of the same units), for the probabilistic sets of resolution (the caches'
// doorkeeper, the registry's name filter). Written to `out` so a lookup allocates nothing.

export function hashTwice(key: string, out: Uint32Array): void {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b + c, 0x5bd1e995) ^ (b >>> 15);
  }
  out[0] = a;
  out[1] = b;
}
