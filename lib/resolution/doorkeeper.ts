// Admission to a cache ("cache on second hit"): a key is kept from the second time it is asked
// within a window, so a stream of keys each asked once (a crawler, a client probing unique names)
// neither fills the cache, and the heap, with answers nobody reads again, nor evicts the ones
// people do read. The keys asked are a Bloom filter: two hashes of each key over 2^20 bits
// (128 KiB, nothing allocated per key), cleared after `windowKeys` insertions. At that load about
// 3% of first asks pass for second ones, which only keeps an answer one ask early.

import { hashTwice } from "./string-hashes";

export class Doorkeeper {
  private readonly bits = new Int32Array(1 << 15);
  private readonly hashes = new Uint32Array(2);
  private added = 0;

  constructor(private readonly windowKeys = 100_000) {}

  /** True when `key` was asked before in this window; records it otherwise. */
  admit(key: string): boolean {
    hashTwice(key, this.hashes);
    // Each reduced to 20 bits.
    const a = this.hashes[0] >>> 12;
    const b = this.hashes[1] >>> 12;
    const seen = (this.bits[a >>> 5] & (1 << (a & 31))) !== 0 && (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
    if (seen) return true;
    if (++this.added > this.windowKeys) {
      this.bits.fill(0);
      this.added = 1;
    }
    this.bits[a >>> 5] |= 1 << (a & 31);
    this.bits[b >>> 5] |= 1 << (b & 31);
    return false;
  }
}
