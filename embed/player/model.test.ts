import { describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel/mock-world";
import type { World } from "@/lib/kernel/schema";
import { actionsHtml, endingHtml, esc, layerHtml, panelHtml } from "./markup";
import { hotkeyLabel, hueOf, matchesHotkey, nextChapterOf, pickTake, safeImageUrl, WorldModel } from "./model";

function world(): World {
  const base = { camera: { static: "wide on {hero}", dynamic: "" }, movement: { static: "{hero} waits", dynamic: "" }, variants: [] };
  return {
    id: "w",
    name: "W",
    description: "",
    cover: "",
    subject: "",
    slots: { hero: "Mara", place: "world place" },
    entrance: { image: { src: "https://cdn.example/e.png", label: "Gate of {place}" }, state: "a" },
    scene: {
      states: {
        a: { id: "a", base: "{hero} at the {place}.", ambient: ["wind", "", "{hero} hums"], ending: {}, slots: { place: "gate" }, ...base },
        b: {
          id: "b",
          base: "Hall.",
          ambient: [],
          ending: { isEnding: false },
          image: { src: "javascript:alert(1)", label: "Hall" },
          ...base,
        } as World["scene"]["states"][string],
        c: {
          id: "c",
          base: "End.",
          ambient: [],
          ending: { isEnding: true, outcome: "good", title: "{hero} wins", text: "<b>yes</b>" },
          image: { src: "/assets/c.png", label: "C" },
          ...base,
        } as World["scene"]["states"][string],
      },
      events: [
        { from: "a", to: "b", name: "Go", base: "{hero} goes to the {place}.", detail: "", hotkey: "1" },
        { from: "a", name: "Look", base: "{hero} looks.", detail: "Nothing.", hotkey: "Q" },
        { from: "a", to: "nowhere", name: "Broken", base: "", detail: "", hotkey: "2" },
        { from: "b", to: "c", name: "Finish", base: "", detail: "", hotkey: " space " },
      ],
    },
  };
}

describe("WorldModel", () => {
  it("fills templates from the state's slots first, then the world's", () => {
    const view = new WorldModel(world()).view("a");
    expect(view?.base).toBe("Mara at the gate.");
    expect(view?.ambient).toEqual(["wind", "Mara hums"]);
    // The entrance label is world prose: world slots only.
    expect(view?.label).toBe("Gate of world place");
    expect(view?.actions.map((a) => [a.name, a.kind, a.base])).toEqual([
      ["Go", "transition", "Mara goes to the gate."],
      ["Look", "override", "Mara looks."],
    ]);
  });

  it("uses the state's frame, else the entrance frame on the entrance, else none; refuses unsafe URLs", () => {
    const model = new WorldModel(world());
    expect(model.imageOf("a")).toBe("https://cdn.example/e.png");
    expect(model.imageOf("b")).toBeNull();
    expect(model.imageOf("c")).toBe("/assets/c.png");
    expect(safeImageUrl("data:image/svg+xml,<svg/>")).toBe("data:image/svg+xml,<svg/>");
    expect(safeImageUrl("//evil.example/x.png")).toBeNull();
    expect(safeImageUrl("data:text/html,<script>")).toBeNull();
  });

  it("tells transitions from overrides and finds hotkeys case-insensitively", () => {
    const model = new WorldModel(world());
    const a = model.view("a");
    if (!a) throw new Error("no view");
    expect(model.actionForKey(a, "q")?.name).toBe("Look");
    expect(model.actionForKey(a, "2")).toBeUndefined(); // a transition to an unknown state is never offered
    expect(model.targetOf(0)).toBe("b");
    expect(model.targetOf(1)).toBeNull();
    expect(matchesHotkey(" space ", " ")).toBe(true);
    expect(hotkeyLabel("q")).toBe("Q");
    expect(hotkeyLabel("space")).toBe("Space");
    expect(model.neighbours("a")).toEqual(["b"]);
  });

  it("never shows players the renderer's camera and movement directions", () => {
    const model = new WorldModel(world());
    for (const id of ["a", "b", "c"]) {
      const view = model.view(id)!;
      expect(Object.keys(view)).not.toContain("camera");
      expect(Object.keys(view)).not.toContain("movement");
      const html = panelHtml(view) + actionsHtml(view) + (view.ending ? endingHtml(view.ending) : "");
      for (const direction of ["wide on", "waits", "Camera", "Movement"]) expect(html).not.toContain(direction);
    }
    expect(panelHtml(model.view("a")!)).toBe(
      '<p class="pw-kicker">Gate of world place</p><p class="pw-base">Mara at the gate.</p><p class="pw-ambient">wind<span aria-hidden="true"> · </span>Mara hums</p>',
    );
  });

  it("shows endings as a card and no actions", () => {
    const view = new WorldModel(world()).view("c");
    expect(view?.ending).toEqual({ title: "Mara wins", text: "<b>yes</b>", outcome: "good", next: null });
    expect(actionsHtml(view!)).toBe("");
    expect(endingHtml(view!.ending!)).toContain("&#60;b&#62;yes&#60;/b&#62;");
    expect(endingHtml(view!.ending!)).not.toContain("Next chapter");
  });

  it("offers the next chapter on an ending that links one, and only a well-formed link", () => {
    const next = { campaignId: "c1", chapter: 2, worldId: "0b6e2c8a-3f1d-4c55-9a0e-2d7f1b9c4e11" };
    const w = world();
    Object.assign(w.scene.states.c!.ending, { next });
    const view = new WorldModel(w).view("c")!;
    expect(view.ending?.next).toEqual(next);
    const html = endingHtml(view.ending!);
    expect(html).toContain("data-next-chapter");
    expect(html.indexOf("Next chapter")).toBeLessThan(html.indexOf("Restart"));
    for (const bad of [
      { ...next, worldId: "../admin" },
      { ...next, chapter: 0 },
      { ...next, chapter: "2" },
      { campaignId: 1, chapter: 2, worldId: next.worldId },
      "next",
      null,
    ]) {
      expect(nextChapterOf({ isEnding: true, next: bad }), JSON.stringify(bad)).toBeNull();
    }
  });

  it("escapes everything it draws", () => {
    const w = world();
    w.name = "x";
    (w.scene.states.a as { base: string }).base = `<img src=x onerror=alert(1)>"'&`;
    const view = new WorldModel(w).view("a")!;
    const html = panelHtml(view) + actionsHtml(view) + layerHtml(view, true);
    expect(html).not.toContain("<img src=x");
    expect(esc(`<>"'&`)).toBe("&#60;&#62;&#34;&#39;&#38;");
  });

  it("plays any mock world from its entrance to an ending", () => {
    const model = new WorldModel(mockWorld({ premise: "a harbour of glass birds" }));
    let id = model.entrance;
    for (let step = 0; step < 20; step++) {
      const view = model.view(id);
      if (!view || view.ending) break;
      const move = view.actions.find((a) => a.kind === "transition");
      if (!move) break;
      id = model.targetOf(move.index) ?? id;
    }
    expect(model.view(id)?.ending).not.toBeNull();
    expect(hueOf("a")).toBeGreaterThanOrEqual(0);
  });

  it("plays a state's variants in place of the plain state, by relative weight", () => {
    const w = world();
    const a = w.scene.states.a!;
    w.scene.states.a = {
      ...a,
      variants: [
        { id: "dusk", label: "Dusk", base: "{hero} at the {place}, at dusk.", weight: 2 },
        { id: "fog", label: "Fog" },
        { id: "never", base: "Never.", weight: 0 },
      ],
    };
    const model = new WorldModel(w);
    // Plain weight 1, dusk 2, fog 1 (default), never 0: plain [0, .25), dusk [.25, .75), fog [.75, 1).
    expect(model.view("a", 0)?.take).toBeNull();
    expect(model.view("a")?.base).toBe("Mara at the gate.");
    expect(model.view("a", 0.3)?.take).toEqual({ id: "dusk", label: "Dusk" });
    expect(model.view("a", 0.3)?.base).toBe("Mara at the gate, at dusk.");
    // A variant without a base keeps the state's.
    expect(model.view("a", 0.8)?.take?.id).toBe("fog");
    expect(model.view("a", 0.8)?.base).toBe("Mara at the gate.");
    expect(model.view("a", 0.9999999)?.take?.id).toBe("fog");
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const id = pickTake(w.scene.states.a, i / 1000)?.id ?? "plain";
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ plain: 250, dusk: 500, fog: 250 });
    expect(panelHtml(model.view("a", 0.3)!)).toContain("Gate of world place · Dusk");
  });
});
