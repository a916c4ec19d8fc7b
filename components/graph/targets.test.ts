import { describe, expect, it } from "vitest";
import { validateWorld, type World } from "@/lib/kernel";
import { makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import { problemMarks, resolveDiagnostic, resolvePath } from "./targets";

describe("diagnostic targets", () => {
  const w: World = makeSmallWorld();
  w.scene.states["a.b"] = makeState("a.b", { base: "" });

  it("names the state (the longest id that exists, dots allowed) and the field", () => {
    expect(resolvePath(w, "scene.states.a.camera.static")).toEqual({ kind: "state", id: "a", field: "camera.static" });
    expect(resolvePath(w, "scene.states.a.b.base")).toEqual({ kind: "state", id: "a.b", field: "base" });
    expect(resolvePath(w, "scene.states.a.variants[0].id")).toEqual({ kind: "state", id: "a", field: "variants[0].id" });
    expect(resolvePath(w, "scene.states.b")).toEqual({ kind: "state", id: "b", field: "" });
    expect(resolvePath(w, "scene.states.zzz.base")).toEqual({ kind: "none" });
  });

  it("names events by index, the entrance form and the settings' fields", () => {
    expect(resolvePath(w, "scene.events[2].to")).toEqual({ kind: "event", index: 2, field: "to" });
    expect(resolvePath(w, "scene.events[9].to")).toEqual({ kind: "none" });
    expect(resolvePath(w, "entrance.image.src")).toEqual({ kind: "entrance", field: "entrance.image.src" });
    expect(resolvePath(w, "description")).toEqual({ kind: "settings", field: "description" });
  });

  it("sends 'no ending reachable' to the entrance state", () => {
    const noEnding = makeSmallWorld();
    noEnding.scene.states.end!.ending = { isEnding: false };
    const d = validateWorld(noEnding).find((x) => x.lint === "ending-unreachable")!;
    expect(resolveDiagnostic(noEnding, d)).toEqual({ kind: "state", id: "a", field: "" });
  });

  it("marks each state with its worst error or warning, its events' included", () => {
    const bad = makeSmallWorld();
    bad.scene.events.push({ from: "b", name: "dup", base: "x", detail: "d", hotkey: "1", to: "end" });
    const marks = problemMarks(bad, validateWorld(bad));
    expect(marks.states.get("b")).toBe("error");
    expect(marks.events.get(3)).toBe("error");
    expect(marks.states.has("a")).toBe(false);
  });
});
