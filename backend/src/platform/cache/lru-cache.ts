/**
 * A bounded map that forgets its least recently used entry when full, and an entry once it is
 * older than `ttlMs` (when given). For answers that are costly to compute and fine to serve for a
 * short while: search candidates, AI answers.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new Error(`LruCache needs maxEntries >= 1, got ${maxEntries}`);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at >= this.ttlMs) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now() });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The cached value, or the one `compute` gives (then cached); concurrent misses each compute. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await compute();
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
