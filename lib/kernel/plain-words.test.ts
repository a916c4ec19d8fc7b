import { describe, expect, it } from "vitest";
import { makeEvent, makeSmallWorld, makeState } from "./fixtures";
import { LINTS, type LintName } from "./lints";
import { lintFix, plainDiagnostic, stateTitle } from "./plain-words";
import type { World } from "./schema";
import { validateWorld } from "./validate-world";

/** The small world with a state whose picture is labelled, as generated worlds are. */
function labelled(): World {
  const w = makeSmallWorld();
  w.scene.states["s2-lantern"] = {
    ...makeState("s2-lantern"),
    image: { src: "x.png", label: "Lantern hall" },
  } as World["scene"]["states"][string];
  w.scene.events.push(makeEvent("b", "to lantern", "s2-lantern", "2"), makeEvent("s2-lantern", "back", "b", "1"));
  return w;
}

describe("plain words for diagnostics", () => {
  it("names a state by its picture's label, an ending by its title, else its id in words", () => {
    const w = labelled();
    expect(stateTitle(w, "s2-lantern")).toBe("Lantern hall");
    expect(stateTitle(w, "end")).toBe("The end");
    expect(stateTitle(w, "a")).toBe("A");
    expect(stateTitle(undefined, "s12-old_mill")).toBe("Old mill");
  });

  it("says what is wrong, where (the state's name, not its path) and how to fix it", () => {
    const w = labelled();
    w.scene.states["s2-lantern"]!.movement.static = "";
    const d = validateWorld(w).find((x) => x.lint === "prose-empty")!;
    expect(d.path).toBe("scene.states.s2-lantern.movement.static");
    const plain = plainDiagnostic(d, w);
    expect(plain.what).toBe("Movement › Static of “Lantern hall” is empty");
    expect(plain.sentence).toBe(`Movement › Static of “Lantern hall” is empty. ${lintFix("prose-empty")}`);
  });

  it("names an event by its name and its state's name", () => {
    const w = labelled();
    w.scene.events.push(makeEvent("s2-lantern", "jump", "nowhere", "3"));
    const d = validateWorld(w).find((x) => x.lint === "event-to-unknown")!;
    expect(plainDiagnostic(d, w).what).toBe("The event “jump” in “Lantern hall” leads to “nowhere”, which is not a state");
  });

  it("never shows a graph path in any sentence of a badly broken world", () => {
    const w = labelled();
    w.name = " ";
    w.description = "";
    w.entrance.image.src = "";
    w.slots = { unused: "x", blank: "" };
    const s = w.scene.states;
    s.a = { ...s.a!, base: "{missing} and {blank}", camera: { static: "", dynamic: "" }, variants: [{ id: "v" }, { id: "v" }] };
    s.lonely = makeState("lonely");
    s.end = { ...s.end!, ending: { isEnding: true, title: "The end" } };
    w.scene.events.push(
      makeEvent("end", "again", "a", ""),
      makeEvent("a", "go", "a", "1"),
      makeEvent("b", "loop", "b", "1"),
      makeEvent("ghost", "boo", "a", "9"),
      { from: "a", name: "odd", base: "", detail: "", hotkey: "z", kind: "transition" },
    );
    const diagnostics = validateWorld(w);
    const lints = new Set(diagnostics.map((d) => d.lint));
    // The world really exercises most of the catalogue, so the check below means something.
    expect(lints.size).toBeGreaterThanOrEqual(14);
    for (const d of diagnostics) {
      const { sentence, fix } = plainDiagnostic(d, w);
      expect(sentence, d.lint).not.toMatch(/scene\.(states|events)/);
      expect(fix, d.lint).not.toBe("");
      expect(sentence.endsWith(fix), d.lint).toBe(true);
    }
  });

  it("has a fix for every lint of the catalogue, and falls back to the message for an unknown one", () => {
    for (const name of Object.keys(LINTS) as LintName[]) expect(lintFix(name).length, name).toBeGreaterThan(10);
    const unknown = {
      lint: "from-the-future",
      code: "X999",
      severity: "info" as const,
      path: "x",
      message: "something new",
      loc: { field: "", template: "", slot: "", fill: "" },
    };
    expect(plainDiagnostic(unknown).sentence).toBe("something new");
  });
});
