import type { Event, State, World } from "./schema";

// Worlds for tests and the benchmark. Not part of the public surface (index.ts does not
// export it), but pure like the rest of the kernel.

function filler(seed: number, chars: number): string {
  const words = ["quiet", "lantern", "harbor", "rain", "copper", "glass", "tide", "moss", "signal", "ember", "stone", "wind"];
  let out = "";
  let i = seed;
  while (out.length < chars) {
    out += (out === "" ? "" : " ") + (words[i % words.length] as string);
    i = (i * 31 + 7) % 1009;
  }
  return out.slice(0, chars);
}

export function makeState(id: string, overrides: Partial<State> = {}): State {
  return {
    id,
    base: `The ${id} room`,
    camera: { static: "wide shot", dynamic: "tracking shot" },
    movement: { static: "stands still", dynamic: "walks" },
    ambient: ["soft hum"],
    ending: { isEnding: false },
    variants: [],
    ...overrides,
  };
}

export function makeEvent(from: string, name: string, to: string | undefined, hotkey: string, overrides: Partial<Event> = {}): Event {
  const e: Event = { from, name, base: `${name} happens`, detail: `${name} in detail`, hotkey, ...overrides };
  if (to !== undefined) e.to = to;
  return e;
}

/** A small gate-clean world (no diagnostics at all): a → b → end, plus an override on a. */
export function makeSmallWorld(): World {
  return {
    id: "w1",
    name: "Small",
    description: "A small world",
    cover: "https://example.test/cover.png",
    subject: "a fox",
    subjectRef: { imageUrl: "https://example.test/fox.png", descriptor: "a red fox" },
    entrance: { image: { src: "https://example.test/a.png", label: "The start" }, state: "a" },
    scene: {
      states: {
        a: makeState("a"),
        b: makeState("b"),
        end: makeState("end", { ending: { isEnding: true, outcome: "good", title: "The end", text: "You made it" } }),
      },
      events: [makeEvent("a", "go", "b", "1"), makeEvent("a", "look", undefined, "q"), makeEvent("b", "finish", "end", "1")],
    },
  };
}

export interface LargeWorldOptions {
  states?: number;
  events?: number;
  /** Characters of a state's base; other prose scales from it. */
  proseChars?: number;
}

/**
 * A gate-clean world at the import limits by default (500 states, 2000 events, ~2 MB of JSON
 * with long prose and templates): the benchmark's maximal world.
 */
export function makeLargeWorld(options: LargeWorldOptions = {}): World {
  const stateCount = options.states ?? 500;
  const eventCount = options.events ?? 2000;
  const prose = options.proseChars ?? 1100;
  const endingCount = Math.max(1, Math.floor(stateCount / 100));
  const firstEnding = stateCount - endingCount;
  const id = (i: number): string => `state-${i}`;

  const states: Record<string, State> = {};
  for (let i = 0; i < stateCount; i++) {
    const ending = i >= firstEnding;
    states[id(i)] = {
      id: id(i),
      base: `{hero} enters ${id(i)}. ${filler(i, prose)}`,
      camera: { static: filler(i + 1, prose / 6), dynamic: filler(i + 2, prose / 6) },
      movement: { static: `{hero} ${filler(i + 3, prose / 6)}`, dynamic: filler(i + 4, prose / 6) },
      ambient: [filler(i + 5, 80), filler(i + 6, 80), filler(i + 7, 80)],
      ending: ending ? { isEnding: true, outcome: "neutral", title: `Ending ${i}`, text: filler(i + 8, 300) } : { isEnding: false },
      variants: i % 5 === 0 ? [{ id: "night", label: "At night", base: `{hero} at night. ${filler(i + 9, prose / 3)}`, weight: 1 }] : [],
    };
  }

  const events: Event[] = [];
  const push = (from: number, name: string, to: number | undefined, hotkey: string): void => {
    const e: Event = {
      from: id(from),
      name,
      base: `{hero} ${filler(from + name.length, prose / 5)}`,
      detail: filler(from * 3 + 1, prose / 8),
      hotkey,
    };
    if (to !== undefined) e.to = id(to);
    events.push(e);
  };
  // Spine i → i+1 reaches everything; two more exits per plain state; endings only get overrides.
  for (let i = 0; i < firstEnding && events.length < eventCount; i++) {
    push(i, "onward", i + 1, "1");
    if (events.length < eventCount && i + 2 < stateCount) push(i, "leap", i + 2, "2");
    // The last plain states open one ending each so that every ending is reachable.
    const toEnding = i - (firstEnding - endingCount);
    const wander = toEnding >= 0 ? firstEnding + toEnding : (i * 7 + 3) % firstEnding === i ? i + 1 : (i * 7 + 3) % firstEnding;
    if (events.length < eventCount) push(i, "wander", wander, "3");
  }
  for (let k = 0; events.length < eventCount; k++) {
    const from = k % stateCount;
    push(from, `look-${Math.floor(k / stateCount)}`, undefined, `l${Math.floor(k / stateCount)}`);
  }

  return {
    id: "w-large",
    name: "Large",
    description: `A maximal world. ${filler(1, 400)}`,
    cover: "https://example.test/cover.png",
    subject: "{hero} in a long coat",
    subjectRef: { imageUrl: "https://example.test/hero.png", descriptor: "a courier in a long coat" },
    entrance: { image: { src: "https://example.test/entrance.png", label: "The first light" }, state: id(0) },
    scene: { states, events },
    slots: { hero: "the courier" },
  };
}

const goodEnding = (title: string) => ({ ending: { isEnding: true as const, outcome: "good" as const, title, text: `${title}.` } });

/** Six states (the graph layout's tests): a fork that rejoins, two endings, a loop, and a way back from the tower to the gate. */
export function makeCastleWorld(): World {
  const w = makeSmallWorld();
  w.id = "castle";
  w.name = "The Small Castle";
  w.scene.states = {
    gate: makeState("gate", { base: "A gate of black iron in the rain." }),
    yard: makeState("yard", { base: "A muddy yard with a well." }),
    hall: makeState("hall", { base: "A long hall of cold stone." }),
    tower: makeState("tower", { base: "A narrow tower stair." }),
    garden: makeState("garden", { base: "A walled garden at dusk.", ...goodEnding("The garden") }),
    roof: makeState("roof", { base: "The roof under the stars.", ...goodEnding("The roof") }),
  };
  w.entrance.state = "gate";
  w.scene.events = [
    makeEvent("gate", "Cross the yard", "yard", "1"),
    makeEvent("gate", "Enter the hall", "hall", "2"),
    makeEvent("yard", "Into the hall through the kitchens and the cellar stairs", "hall", "1"),
    makeEvent("hall", "Climb the tower", "tower", "1"),
    makeEvent("hall", "Out to the garden", "garden", "2"),
    makeEvent("hall", "Wait for the bell", "hall", "3"),
    makeEvent("tower", "Onto the roof", "roof", "1"),
    makeEvent("tower", "Back to the gate", "gate", "2"),
    makeEvent("gate", "Look around", undefined, "q"),
  ];
  return w;
}

/**
 * A story in `chapters` chapters of four states (a hub and three branches that rejoin at the next
 * hub, one slipping ahead), a way back to the previous hub every third chapter, and four endings.
 */
export function makeChapterWorld(chapters: number): World {
  const w = makeSmallWorld();
  w.id = `chapters-${chapters}`;
  w.name = `${chapters * 4 + 4} states`;
  const states: Record<string, State> = {};
  const events: Event[] = [];
  const hub = (c: number) => `chapter-${c}`;
  const branch = (c: number, b: number) => `chapter-${c}-${["north", "river", "woods"][b]}`;
  for (let c = 0; c < chapters; c++) {
    states[hub(c)] = makeState(hub(c), { base: `Chapter ${c + 1} opens at a crossroads.` });
    for (let b = 0; b < 3; b++) states[branch(c, b)] = makeState(branch(c, b), { base: `A path of chapter ${c + 1}.` });
  }
  const endings = ["ending-dawn", "ending-storm", "ending-home", "ending-sea"];
  endings.forEach((id) => (states[id] = makeState(id, { base: `The story ends: ${id}.`, ...goodEnding(id) })));
  for (let c = 0; c < chapters; c++) {
    ["Take the north road", "Follow the river", "Into the woods"].forEach((name, b) =>
      events.push(makeEvent(hub(c), name, branch(c, b), String(b + 1))),
    );
    for (let b = 0; b < 3; b++) {
      const next = c + 1 < chapters ? hub(c + 1) : endings[b]!;
      events.push(makeEvent(branch(c, b), c + 1 < chapters ? "Press on to the next crossroads" : "Face the end", next, "1"));
    }
    if (c + 1 < chapters) events.push(makeEvent(branch(c, 2), "Slip ahead", branch(c + 1, 0), "2"));
    if (c > 0 && c % 3 === 0) events.push(makeEvent(branch(c, 1), "Go back to the last crossroads", hub(c - 1), "3"));
  }
  events.push(makeEvent(hub(chapters - 1), "Wade into the sea", "ending-sea", "4"));
  w.entrance.state = hub(0);
  w.scene = { states, events };
  return w;
}

/** Freezes every object and array reachable from `value`; a mutation then throws in strict code. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** The small world with an unknown `x-*` property on every object, for forward-compatibility tests. */
export function makeExtendedWorld(): World {
  const w = makeSmallWorld();
  const ext = <T extends object>(o: T, tag: string): T => Object.assign(o, { [`x-${tag}`]: { keep: tag } });
  ext(w, "world");
  ext(w.entrance, "entrance");
  ext(w.entrance.image, "image");
  ext(w.scene, "scene");
  if (w.subjectRef) ext(w.subjectRef, "subjectRef");
  for (const s of Object.values(w.scene.states)) {
    ext(s, `state-${s.id}`);
    ext(s.camera, `camera-${s.id}`);
    ext(s.movement, `movement-${s.id}`);
    ext(s.ending, `ending-${s.id}`);
    s.variants.push(ext({ id: "v1", base: "variant prose" }, `variant-${s.id}`));
  }
  for (const e of w.scene.events) ext(e, `event-${e.from}-${e.name}`);
  return w;
}
