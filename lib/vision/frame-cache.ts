/**
 * Frames and scene manifests read from the asset store, kept in memory by their asset name.
 * Assets are content-addressed (the name is the sha256 of the bytes), so an entry is never
 * stale: there is nothing to invalidate, only a bound. Least recently used entries go first
 * once the entries' sizes pass `maxBytes`.
 */
export class ContentCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(name: string): V | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    // Maps iterate in insertion order: re-inserting makes it the most recently used.
    this.entries.delete(name);
    this.entries.set(name, entry);
    return entry.value;
  }

  set(name: string, value: V, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(name);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(name);
    }
    this.entries.set(name, { value, bytes });
    this.total += bytes;
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}
