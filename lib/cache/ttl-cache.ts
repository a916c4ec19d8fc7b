/**
 * A small in-process cache with a time-to-live per entry and a size bound (oldest entries go
 * first). Used on authentication hot paths so that a steady stream of requests costs no query.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: now + ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
