import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import {
  draftFieldErrors,
  emptyStateFields,
  eventDraftOps,
  eventFields,
  mergeFields,
  newEventFields,
  nextHotkey,
  stateDraftOps,
  stateFields,
  type Draft,
} from "./fields";

describe("draft ops", () => {
  const w = makeSmallWorld();
  const a = stateFields(w.scene.states.a!);

  it("an unchanged state draft has no ops; a change patches only what changed", () => {
    expect(stateDraftOps("a", a, a)).toEqual([]);
    const f = { ...a, cameraStatic: "close-up", outcome: "good" as const, ambient: [...a.ambient, "rain"] };
    expect(stateDraftOps("a", a, f)).toEqual([
      {
        op: "update_state",
        id: "a",
        patch: { camera: { static: "close-up" }, ambient: ["soft hum", "rain"], ending: { outcome: "good" } },
      },
    ]);
    expect(stateDraftOps("a", { ...a, outcome: "bad" }, a)).toEqual([
      { op: "update_state", id: "a", patch: { ending: { outcome: null } } },
    ]);
    expect(stateDraftOps("a", a, { ...a, id: "start", slots: [] })).toEqual([{ op: "update_state", id: "a", patch: { id: "start" } }]);
  });

  it("a new state is one add_state with every field", () => {
    const f = {
      ...emptyStateFields("c"),
      base: "b",
      variants: [{ id: "v", label: "", base: "vb", weight: "2" }],
      slots: [{ name: "hero", value: "h" }],
    };
    expect(stateDraftOps(null, f, f)).toEqual([
      {
        op: "add_state",
        id: "c",
        base: "b",
        camera: { static: "", dynamic: "" },
        movement: { static: "", dynamic: "" },
        ambient: [],
        ending: { isEnding: false },
        variants: [{ id: "v", base: "vb", weight: 2 }],
        slots: { hero: "h" },
      },
    ]);
  });

  it("emptying `to` makes an override, and drops an explicit kind that would disagree", () => {
    const go = eventFields(w.scene.events[0]!);
    expect(eventDraftOps({ from: "a", name: "go" }, undefined, go, { ...go, to: "" })).toEqual([
      { op: "update_event", from: "a", name: "go", patch: { to: null } },
    ]);
    expect(eventDraftOps({ from: "a", name: "go" }, "transition", go, { ...go, to: "" })).toEqual([
      { op: "update_event", from: "a", name: "go", patch: { to: null, kind: null } },
    ]);
    expect(eventDraftOps(null, undefined, go, { ...go, to: "" })).toEqual([
      { op: "add_event", from: "a", name: "go", base: go.base, detail: go.detail, hotkey: "1" },
    ]);
  });

  it("shape errors come from the kernel's op schemas, by field", () => {
    const draft: Draft = {
      kind: "state",
      original: "a",
      base: a,
      fields: { ...a, id: " ", variants: [{ id: "", label: "", base: "", weight: "-1" }] },
    };
    const errors = draftFieldErrors(draft);
    expect(errors.get("id")).toBe("Required");
    expect(errors.get("variants[0].weight")).toMatch(/positive/);
    expect(errors.has("variants[0].id")).toBe(true);
    const slots: Draft = {
      kind: "state",
      original: "a",
      base: a,
      fields: {
        ...a,
        slots: [
          { name: "x", value: "1" },
          { name: "x", value: "2" },
        ],
      },
    };
    expect(draftFieldErrors(slots).get("slots[1].name")).toMatch(/twice/);
    const entrance: Draft = {
      kind: "entrance",
      base: { state: "a", imageSrc: "", imageLabel: "" },
      fields: { state: "", imageSrc: "", imageLabel: "" },
    };
    expect(draftFieldErrors(entrance).get("entrance.state")).toBe("Required");
  });
});

describe("merging a draft onto a newer world", () => {
  it("keeps what the person changed and takes the rest from the newer world", () => {
    const base = { a: "1", b: "1", list: ["x"] };
    const mine = { a: "2", b: "1", list: ["x"] };
    const theirs = { a: "1", b: "3", list: ["y"] };
    expect(mergeFields(base, mine, theirs)).toEqual({ a: "2", b: "3", list: ["y"] });
  });
});

describe("defaults of new events", () => {
  it("take the first free hotkey and a unique name", () => {
    const w = makeSmallWorld();
    expect(nextHotkey(w, "a", true)).toBe("2");
    expect(nextHotkey(w, "a", false)).toBe("e");
    expect(nextHotkey(w, "a", true, { from: "a", name: "go" })).toBe("1");
    expect(newEventFields(w, "a", "b")).toMatchObject({ from: "a", to: "b", name: "Go to b", hotkey: "2" });
  });
});
