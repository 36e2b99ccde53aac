/**
 * `compute`, answering from what it answered before for its last keys: each result is kept, for
 * at most `most` keys, and a new key past that empties what was kept. Nothing is reordered on a
 * hit, so a hit costs one Map lookup; for a small, hot function whose keys repeat (a client's
 * address, a name's namehash). `compute` must be pure, and a result that is undefined is not kept.
 */
export function keptResults<K, V>(compute: (key: K) => V, most: number): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value !== undefined) return value;
    value = compute(key);
    if (value !== undefined) {
      if (kept.size >= most) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
