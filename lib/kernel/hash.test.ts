import { describe, expect, it } from "vitest";
import { createPrng, hashHex, hashString } from "./hash";

describe("hashString", () => {
  it("is stable across runs and machines", () => {
    // Pinned values: a change here changes every test-mode world.
    expect(hashString("")).toBe(3338908027751811);
    expect(hashString("a lighthouse at the end of the world")).toBe(hashString("a lighthouse at the end of the world"));
    expect(hashHex("abc")).toMatch(/^[0-9a-f]{14}$/);
  });

  it("separates close inputs", () => {
    expect(hashString("premise a")).not.toBe(hashString("premise b"));
    expect(hashString("x", 1)).not.toBe(hashString("x", 2));
  });
});

describe("createPrng", () => {
  it("replays the same sequence for the same seed and stays in range", () => {
    const a = createPrng(42);
    const b = createPrng(42);
    for (let i = 0; i < 100; i++) {
      const x = a.next();
      expect(x).toBe(b.next());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    expect(createPrng(1).int(10)).toBe(createPrng(1).int(10));
    expect(() => createPrng(1).pick([])).toThrow();
  });
});
