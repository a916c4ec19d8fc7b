import { describe, expect, it } from "vitest";
import { validateWorld } from "@/lib/kernel";
import { editCharacterGraph } from "./edit";
import { buildCharacterWorld, DEFAULT_CAMERA, DEFAULT_MOVEMENT, DEFAULT_STANCES, type CharacterProfile } from "./profile";

type StanceList = { id: string; label: string; mood: string; expression: string }[];

function character(overrides: { stances?: StanceList; entranceState?: string } = {}) {
  const profile: CharacterProfile & { entranceState: string } = {
    persona: "A ferryman.",
    lore: "",
    greeting: "Fare?",
    examples: "",
    scene: "on a misty river",
    style: "ink wash",
    subject: "Bram, a ferryman in a long coat",
    speakingDetail: "",
    free: false,
    intro: { kicker: "Meet", title: "Bram", hint: "Ask about the river" },
    stances: (overrides.stances ?? DEFAULT_STANCES.slice(0, 3)) as CharacterProfile["stances"],
    entranceState: overrides.entranceState ?? "neutral",
  };
  return buildCharacterWorld({
    id: "00000000-0000-4000-8000-000000000001",
    name: "Bram",
    description: profile.intro.hint,
    cover: "https://cdn.example/bram.png",
    profile,
    camera: { static: DEFAULT_CAMERA, dynamic: DEFAULT_CAMERA },
    movement: { static: DEFAULT_MOVEMENT, dynamic: DEFAULT_MOVEMENT },
  });
}

const errors = (world: Parameters<typeof validateWorld>[0]) => validateWorld(world).filter((d) => d.severity === "error");

describe("editCharacterGraph", () => {
  it("a brain-only edit leaves the stance graph alone", () => {
    const graph = character();
    const next = editCharacterGraph(graph, { persona: "A tired ferryman.", voiceId: "ember" });
    expect(next.scene).toEqual(graph.scene);
    expect(next.character).toMatchObject({ persona: "A tired ferryman.", voiceId: "ember", greeting: "Fare?" });
    expect(editCharacterGraph(next, { voiceId: null }).character).not.toHaveProperty("voiceId");
  });

  it("equals a fresh build when the palette is replaced on a derived graph (but keeps pictures by id)", () => {
    const graph = character();
    graph.scene.states.warm = {
      ...graph.scene.states.warm!,
      image: { src: "https://cdn.example/warm.png", label: "Warm" },
    } as (typeof graph.scene.states)[string];
    const stances: StanceList = [DEFAULT_STANCES[1]!, { id: "sly", label: "Sly", mood: "mischievous", expression: "a sideways smile" }];
    const next = editCharacterGraph(graph, { stances, entranceState: "sly" });
    const fresh = character({ stances, entranceState: "sly" });
    expect(Object.keys(next.scene.states).sort()).toEqual(["sly", "warm"]);
    expect(next.scene.states.sly).toEqual(fresh.scene.states.sly);
    expect(next.scene.states.warm).toEqual({ ...fresh.scene.states.warm, image: { src: "https://cdn.example/warm.png", label: "Warm" } });
    expect(next.scene.events).toEqual(fresh.scene.events);
    expect(next.entrance.state).toBe("sly");
    expect(errors(next)).toEqual([]);
  });

  it("keeps hand-written bases and events that are not stance transitions; drops events of removed stances", () => {
    const graph = character();
    graph.scene.states.neutral!.base = "painted by hand";
    graph.scene.events.push({ from: "neutral", name: "Wave", base: "Bram waves", detail: "", hotkey: "w" });
    graph.scene.events.push({ from: "amused", name: "Laugh", base: "Bram laughs", detail: "", hotkey: "l" });
    const next = editCharacterGraph(graph, { stances: DEFAULT_STANCES.slice(0, 2) as StanceList, style: "oil" });
    expect(next.scene.states.neutral!.base).toBe("painted by hand");
    expect(next.scene.states.warm!.base).toContain("oil");
    expect(next.scene.events.map((e) => e.name)).toEqual(expect.arrayContaining(["Wave"]));
    expect(next.scene.events.map((e) => e.name)).not.toContain("Laugh");
    expect(next.scene.events.filter((e) => e.to !== undefined)).toHaveLength(2);
    expect(errors(next)).toEqual([]);
  });

  it("refuses an entrance outside the palette, and a graph without a profile", () => {
    expect(() => editCharacterGraph(character(), { entranceState: "downcast" })).toThrow(/entranceState/);
    const plain = { ...character(), character: undefined };
    expect(() => editCharacterGraph(plain, { persona: "x" })).toThrow(/profile/);
  });
});
