import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("expires entries and bounds its size", () => {
    const cache = new TtlCache<string, number>(2);
    cache.set("a", 1, 100, 0);
    expect(cache.get("a", 99)).toBe(1);
    expect(cache.get("a", 100)).toBeUndefined();
    cache.set("a", 1, 100, 0);
    cache.set("b", 2, 100, 0);
    cache.set("c", 3, 100, 0);
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.get("c", 1)).toBe(3);
    cache.set("d", 4, 0, 0);
    expect(cache.get("d", 0)).toBeUndefined();
  });
});
