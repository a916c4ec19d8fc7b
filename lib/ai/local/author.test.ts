import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraphIndex, checkWorld, type World } from "@/lib/kernel";
import { proceduralBible } from "../book";
import { buildLocalWorld } from "./author";
import { SETTING_PREMISES } from "./premises-setting";
import { looksPlural } from "./prose";
import { createLocalProvider } from "./index";

const local = createLocalProvider();

function expectPlayable(world: World): void {
  const verdict = checkWorld(world);
  // Not merely gate-clean: free of every finding, warnings and info included.
  expect(verdict.diagnostics).toEqual([]);
  expect(verdict.ok).toBe(true);
  const states = Object.values(world.scene.states);
  expect(states.length).toBeGreaterThanOrEqual(4);
  expect(states.length).toBeLessThanOrEqual(12);
  const index = buildGraphIndex(world);
  expect(index.entranceValid).toBe(true);
  expect(index.endings.length).toBeGreaterThanOrEqual(1);
  expect(index.endings.length).toBeLessThanOrEqual(2);
  for (const e of world.scene.events) expect(e.hotkey.trim()).not.toBe("");
  // Storable as jsonb: no NUL, no lone surrogate anywhere.
  for (const s of strings(world)) {
    expect(s.includes("\u0000")).toBe(false);
    expect(s.isWellFormed()).toBe(true);
  }
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

// Words that exercise the extraction paths (prepositions, determiners, titles, place names,
// verbs, place and role nouns) far more often than uniform random strings would.
const VOCAB = [
  "the",
  "a",
  "in",
  "at",
  "to",
  "into",
  "from",
  "through",
  "of",
  "and",
  "Captain",
  "Dr",
  "Port",
  "New",
  "Mara",
  "Ellis",
  "Lisbon",
  "steal",
  "stole",
  "finds",
  "escaping",
  "rescue",
  "lighthouse",
  "forest",
  "detective",
  "fox",
  "crown",
  "map",
  "storm",
  "night",
  ".",
  ",",
  "!",
  "{hero}",
  "{",
  "}",
  "__proto__",
  "toString",
  "Chapter",
  "I",
  "ünïcødé",
  "東京",
  "🦊",
];
const sentence = fc.array(fc.constantFrom(...VOCAB), { maxLength: 40 }).map((ws) => ws.join(" "));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  sentence,
  fc.constantFrom("", " ", "\n\n", "{hero}", "\u0000", "\ud800", "constructor", "The the the the."),
);
const pov = fc.oneof(
  fc.constantFrom("first_person", "third_person_shoulder", "top_down", "isometric", "toString", "__proto__", ""),
  fc.string({ maxLength: 20 }),
);

describe("local author", () => {
  it("is gate-clean (no finding at all) for any premise, pov and subject", () => {
    fc.assert(
      fc.property(anyText, pov, fc.option(anyText, { nil: undefined }), (premise, p, descriptor) => {
        const world = buildLocalWorld({
          worldId: "w",
          premise,
          pov: p,
          subjectRef: descriptor === undefined ? undefined : { imageUrl: "https://x.test/s.png", descriptor },
        });
        expectPlayable(world);
      }),
      { numRuns: 300 },
    );
  });

  it("is gate-clean for a premise with String.replace's patterns in it ('$&', '$1'): found by the property above", () => {
    for (const premise of ["$&A", "$1 in the $& of $`", "A $$ tower"])
      expectPlayable(buildLocalWorld({ worldId: "w", premise, pov: "first_person" }));
  });

  it("is gate-clean for any chapter text with a bible", () => {
    fc.assert(
      fc.property(anyText, anyText, pov, (text, title, p) => {
        const bible = proceduralBible(`${title}\n\n${text}`);
        expectPlayable(buildLocalWorld({ worldId: "w", text, pov: p, bible, chapterTitle: title }));
      }),
      { numRuns: 200 },
    );
  });

  it("is deterministic and differs for different premises", () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        const wa = JSON.stringify(buildLocalWorld({ worldId: "w", premise: a, pov: "first_person" }));
        expect(JSON.stringify(buildLocalWorld({ worldId: "w", premise: a, pov: "first_person" }))).toBe(wa);
        if (a !== b) expect(JSON.stringify(buildLocalWorld({ worldId: "w", premise: b, pov: "first_person" }))).not.toBe(wa);
      }),
      { numRuns: 150 },
    );
  });

  it("turns the premise's places, people and actions into states and events", () => {
    const world = buildLocalWorld({
      worldId: "w",
      premise: "A lighthouse keeper named Mara must steal the crown from the drowned cathedral before the storm reaches Port Ellis.",
      pov: "first_person",
    });
    expectPlayable(world);
    const ids = Object.keys(world.scene.states);
    expect(ids).toContain("s1-drowned-cathedral");
    expect(ids).toContain("s2-port-ellis");
    expect(world.slots).toEqual({ hero: "Mara" });
    const prose = JSON.stringify(world.scene);
    expect(prose).toContain("the crown");
    expect(world.scene.events.map((e) => e.name)).toContain("Steal the crown");
    expect(world.name).toBe("Mara and the crown");
    expect(world.description).toContain("drowned cathedral");
  });

  it("gives visibly different worlds for different premises", () => {
    const a = buildLocalWorld({
      worldId: "w",
      premise: "Detective Ruiz chases a thief through the rainy streets of New Lisbon to the museum.",
      pov: "first_person",
    });
    const b = buildLocalWorld({
      worldId: "w",
      premise: "Two kids find a talking fox in the forest behind their school and escape into a hidden kingdom.",
      pov: "first_person",
    });
    expectPlayable(a);
    expectPlayable(b);
    expect(a.name).not.toBe(b.name);
    const idsA = new Set(Object.keys(a.scene.states));
    expect(Object.keys(b.scene.states).filter((id) => idsA.has(id))).toEqual([]);
    expect(JSON.stringify(a.scene)).toContain("New Lisbon");
    expect(JSON.stringify(b.scene)).toContain("the forest");
    expect(JSON.stringify(b.scene)).not.toContain("New Lisbon");
  });

  it("uses an http(s) frame as entrance image and cover, else an offline SVG", () => {
    const framed = buildLocalWorld({ worldId: "w", premise: "a fox", pov: "first_person", frameRef: "https://cdn.test/f.png" });
    expect(framed.entrance.image.src).toBe("https://cdn.test/f.png");
    expect(framed.cover).toBe("https://cdn.test/f.png");
    const plain = buildLocalWorld({ worldId: "w", premise: "a fox", pov: "first_person", frameRef: "iVBORw0KGgo=" });
    expect(plain.entrance.image.src.startsWith("data:image/svg+xml,")).toBe(true);
    expect(plain.entrance.image.src.length).toBeLessThan(12_000);
  });

  it("stamps the subject reference with its descriptor", () => {
    const world = buildLocalWorld({
      worldId: "w",
      premise: "a fox",
      pov: "first_person",
      subjectRef: { imageUrl: "https://x.test/s.png", descriptor: "a red fox in a scarf" },
    });
    expect(world.subject).toBe("a red fox in a scarf");
    expect(world.subjectRef).toEqual({ imageUrl: "https://x.test/s.png", descriptor: "a red fox in a scarf" });
  });
});

describe("endings", () => {
  it("close the story of a premise, but only a chapter of a book (the next chapter goes on)", () => {
    const endings = (w: World) => Object.values(w.scene.states).flatMap((s) => (s.ending.isEnding ? [s.ending.text ?? ""] : []));
    const premise = buildLocalWorld({ worldId: "w", premise: "A lighthouse keeper hears a drowned bell", pov: "third_person" });
    expect(endings(premise).every((t) => t.endsWith("Here ends the story of {hero}."))).toBe(true);
    const text = "Ines walked the harbor of Vell at dusk and lit the lamps along Chandler Street.";
    const chapter = buildLocalWorld({ worldId: "w", text, pov: "third_person", bible: proceduralBible(text), chapterTitle: "Chapter One" });
    expect(endings(chapter).length).toBeGreaterThan(0);
    expect(endings(chapter).every((t) => t.endsWith("Here ends this chapter of the story."))).toBe(true);
  });
});

describe("light and weather", () => {
  const entrance = (premise: string) => {
    const w = buildLocalWorld({ worldId: "w", premise, pov: "third_person" });
    return { first: w.scene.states[w.entrance.state]!.base, all: Object.values(w.scene.states).map((s) => s.base) };
  };

  it("keeps the time the premise states at the entrance", () => {
    expect(entrance("A girl with a lantern climbs the stairs of an abandoned library at night").first).toMatch(/at night/i);
    expect(entrance("Two knights ride across a snowy mountain pass toward a castle at dawn").first).toMatch(/at dawn/i);
  });

  it("never gives a place that names its weather a second weather, nor contradicts the stated weather", () => {
    for (let take = 0; take < 12; take++) {
      const { first } = entrance(`A detective waits on a rainy city street for a witness who never comes, take ${take}`);
      expect(first).not.toMatch(/in the first snow|in thick fog|in the rain|in the storm/);
      for (const base of entrance(`In the rain a courier crosses the old harbor with a letter, take ${take}`).all)
        expect(base).not.toMatch(/first snow|thick fog|in the storm/);
    }
  });
});

describe("local provider", () => {
  it("authors a premise world labelled local, ok on the first attempt", async () => {
    const result = await local.authorWorld({ worldId: "w-9", premise: "a fox guards a flooded library", pov: "first_person" });
    expect(result).toMatchObject({ ok: true, attempts: 1, provider: "local", diagnostics: [] });
    expect(result.world.id).toBe("w-9");
  });
});

describe("agreement and return lines", () => {
  it("takes a place's number from its head noun: 'the slopes of the mountain are', 'the heart of the markets is'", () => {
    expect(looksPlural("the slopes of the mountain")).toBe(true);
    expect(looksPlural("the heart of the night markets")).toBe(false);
    expect(looksPlural("the ship's gardens")).toBe(true);
    expect(looksPlural("the glass")).toBe(false);
  });

  it("never says 'once more' or 'again' of a place the player has not been to", () => {
    for (const premise of SETTING_PREMISES.slice(0, 120)) {
      const w = buildLocalWorld({ worldId: "w", premise: premise.premise, pov: "third_person" });
      for (const s of Object.values(w.scene.states)) expect(s.base, premise.premise).not.toMatch(/^(Once more|Again),/);
    }
  });
});

describe("the setting", () => {
  const ids = (premise: string) => Object.keys(buildLocalWorld({ worldId: "w", premise, pov: "third_person" }).scene.states);

  it("is the place a part is of ('the bottom of an ocean trench'), not the part", () => {
    const states = ids("A deep-sea welder meets something patient and enormous at the bottom of an ocean trench.");
    expect(states.filter((id) => id.includes("trench")).length * 2).toBeGreaterThanOrEqual(states.length);
    expect(states.some((id) => /-bottom$/.test(id))).toBe(false);
  });

  it("is the house of 'a wartime country house', never WordNet's other countries (a state, a domain, a department)", () => {
    const states = ids("A codebreaker in a wartime country house cracks a message addressed to her by name.");
    expect(states.join(" ")).not.toMatch(/-(state|domain|department|midland)\b/);
    expect(states.filter((id) => id.includes("house")).length * 2).toBeGreaterThanOrEqual(states.length);
  });

  it("gives a yurt no house's rooms (WordNet's dwellings have bathrooms; only buildings lend them)", () => {
    const states = ids("A herder's daughter hides a wounded eagle inside her family's yurt all winter.");
    expect(states.join(" ")).not.toMatch(/bathroom|bedroom|dining-room|dressing-room/);
    expect(ids("A codebreaker in a wartime country house cracks a message addressed to her by name.").join(" ")).toMatch(
      /porch|loft|study|library|kitchen|room/,
    );
  });

  it("keeps every place of a sunken ship under water, its hold and cabin too (no moon, no 'late at night')", () => {
    const world = buildLocalWorld({
      worldId: "sheet-4",
      premise: "A diver searches a sunken galleon for her grandfather's compass",
      pov: "third_person",
    });
    for (const s of Object.values(world.scene.states))
      expect(s.base, s.id).not.toMatch(/late at night|moon|at dawn|at dusk|lamplight|afternoon|morning/);
  });

  it("gives no state an id that starts with a function word", () => {
    for (const premise of SETTING_PREMISES)
      for (const id of ids(premise.premise)) expect(id, premise.premise).not.toMatch(/^(s|end)\d+-(of|in|on|at|to)-/);
  });
});
