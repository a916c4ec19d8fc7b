import { describe, expect, it } from "vitest";
import { ContentCache } from "./frame-cache";

describe("ContentCache", () => {
  it("keeps entries within its byte bound, dropping the least recently used first", () => {
    const cache = new ContentCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C", 4);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    expect(cache.get("c")).toBe("C");
    expect(cache.bytes).toBe(8);
  });

  it("never holds an entry larger than the bound, and replaces an entry in place", () => {
    const cache = new ContentCache<string>(10);
    cache.set("big", "X", 11);
    expect(cache.get("big")).toBeUndefined();
    cache.set("a", "A", 4);
    cache.set("a", "A2", 6);
    expect(cache.get("a")).toBe("A2");
    expect(cache.bytes).toBe(6);
    expect(cache.size).toBe(1);
  });
});
