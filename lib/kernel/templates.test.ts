import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillTemplate, findFill, findSlots } from "./templates";

describe("findSlots", () => {
  it("finds identifier-like placeholders only", () => {
    expect(findSlots("{a} {b_2} {c-d} { e } {1x} {} {f g} {{h}} {i")).toEqual([
      { slot: "a", index: 0 },
      { slot: "b_2", index: 4 },
      { slot: "c-d", index: 10 },
      { slot: "h", index: 37 },
    ]);
    expect(findSlots("no braces")).toEqual([]);
  });

  it("agrees with the reference regex on any text", () => {
    const brace = fc.constantFrom("{", "}", "a", "Z", "_", "-", "1", " ", "é");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(brace).map((a) => a.join("")),
        ),
        (text) => {
          const expected = [...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g)].map((m) => ({ slot: m[1], index: m.index }));
          expect(findSlots(text)).toEqual(expected);
        },
      ),
    );
  });
});

describe("fillTemplate", () => {
  it("fills from the innermost scope and leaves unknown slots as written", () => {
    expect(fillTemplate("{who} meets {whom} at {where}", { who: "Al" }, { who: "Bo", whom: "Cy" })).toBe("Al meets Cy at {where}");
  });

  it("does not expand fills again", () => {
    expect(fillTemplate("{a}", { a: "{b}", b: "no" })).toBe("{b}");
  });

  it("ignores prototype members", () => {
    expect(fillTemplate("{constructor}", {})).toBe("{constructor}");
    expect(findFill("toString", [{}])).toBeUndefined();
  });
});
