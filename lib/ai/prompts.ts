import type { Diagnostic, World } from "@/lib/kernel";
import type { Landing } from "./land";
import type { Bible, Chapter } from "./provider";

// The prompts of the openai-compatible author. The rules restate the kernel gate
// (docs/lints.md): errors refuse a world, warnings and info are advisory but still asked for.

/** A small, gate-clean example of the shape (the prompts test checks it passes the gate). */
export const EXAMPLE_WORLD: World = {
  id: "example",
  name: "The Salt Lighthouse",
  description: "A keeper climbs a drowned lighthouse to relight the lamp before the storm.",
  cover: "",
  subject: "{hero}, in a yellow oilskin coat",
  entrance: { image: { src: "", label: "The flooded stair at dusk" }, state: "stair" },
  slots: { hero: "the keeper" },
  scene: {
    states: {
      stair: {
        id: "stair",
        base: "{hero} wades up a flooded spiral stair; seawater slaps the walls at dusk.",
        camera: { static: "over-the-shoulder, looking up the stair", dynamic: "over-the-shoulder tracking shot climbing with {hero}" },
        movement: { static: "{hero} grips the rail, breathing hard", dynamic: "{hero} climbs, boots splashing" },
        ambient: ["waves booming below", "wind whistling through cracks"],
        ending: { isEnding: false },
        variants: [{ id: "night", label: "Stair at night", base: "{hero} climbs the stair by lantern light.", weight: 1 }],
      },
      lamp: {
        id: "lamp",
        base: "{hero} reaches the lamp room; the great lens is dark and cracked.",
        camera: { static: "wide shot of the lamp room", dynamic: "slow orbit around the lens" },
        movement: { static: "{hero} stands before the lens", dynamic: "{hero} circles the lens, checking the wick" },
        ambient: ["glass creaking in the wind"],
        ending: { isEnding: false },
        variants: [],
      },
      lit: {
        id: "lit",
        base: "The beam sweeps the storm and a ship turns away from the rocks.",
        camera: { static: "wide exterior of the lit tower", dynamic: "crane shot rising with the beam" },
        movement: { static: "{hero} watches from the gallery", dynamic: "{hero} waves at the passing ship" },
        ambient: ["a distant ship's horn"],
        ending: { isEnding: true, outcome: "good", title: "The light holds", text: "The ship is safe, and so is {hero}." },
        variants: [],
      },
    },
    events: [
      {
        from: "stair",
        to: "lamp",
        name: "Climb to the lamp room",
        base: "{hero} climbs the last steps to the lamp room.",
        detail: "The door sticks, then gives.",
        hotkey: "1",
      },
      {
        from: "stair",
        name: "Listen to the sea",
        base: "{hero} pauses and listens to the sea below.",
        detail: "Something knocks against the wall.",
        hotkey: "q",
      },
      {
        from: "lamp",
        to: "lit",
        name: "Light the lamp",
        base: "{hero} strikes a match and lights the wick.",
        detail: "The lens catches fire-bright.",
        hotkey: "1",
      },
      {
        from: "lamp",
        to: "stair",
        name: "Go back down",
        base: "{hero} retreats down the stair.",
        detail: "The water is rising.",
        hotkey: "2",
      },
    ],
  },
};

export const AUTHOR_SYSTEM_PROMPT = `You are the world author of Programmable Worlds. You write one playable, AI-rendered world as a single JSON object (an SMWorld): a graph of states (scenes a video renderer paints) and events (the player's choices between them). Answer with the JSON object only: no prose, no markdown, no code fences.

SHAPE
{
  "name": string,                      // the world's title, never empty
  "description": string,               // one or two sentences
  "subject": string,                   // how the main character looks (kept consistent in every scene)
  "entrance": {"image": {"src": "", "label": string}, "state": string},   // state = the id of the opening state
  "slots": {"hero": string},           // optional template fills; "{hero}" in any prose is replaced by this
  "scene": {
    "states": {                        // an object keyed by state id; each value's "id" equals its key
      "<id>": {
        "id": "<id>",                  // short lowercase ASCII: letters, digits, hyphens ("harbor", "s2-crypt")
        "base": string,                // what the scene shows, present tense, concrete and visual
        "camera": {"static": string, "dynamic": string},     // framing while still / while moving
        "movement": {"static": string, "dynamic": string},   // how the character holds still / moves
        "ambient": [string],           // 1-3 short background sounds or motions
        "ending": {"isEnding": false}  // or {"isEnding": true, "outcome": "good"|"bad"|"neutral", "title": string, "text": string}
        "variants": [{"id": string, "label": string, "base": string, "weight": 1}]   // 0-1 alternative takes (night, rain); ids unique per state
      }
    },
    "events": [
      {"from": "<id>", "to": "<id>", "name": string, "base": string, "detail": string, "hotkey": string}
    ]
  }
}
An event WITH "to" is a transition (moves the player to that state). An event WITHOUT "to" is an override: it plays in place on its "from" state (omit "to" entirely; never "to": null or "").

RULES (a validator enforces them; a world that breaks an error rule is rejected)
Errors:
- entrance.state names an existing state; every state's "id" equals its key.
- every event's "from" and every transition's "to" name existing states.
- event names are unique among the events leaving one state; hotkeys are unique among the events leaving one state (case-insensitive).
- "name" of the world, state ids, event "from"/"name" and variant ids are never empty; variant ids are unique within their state.
Also required (warnings):
- 4 to 12 states. Every state is reachable from the entrance through transitions.
- at least 1 and at most 3 ending states ("isEnding": true), reachable from the entrance; an ending has no outgoing transitions.
- every non-ending state has at least one outgoing transition (overrides do not count).
- no empty prose: base, camera.static, camera.dynamic, movement.static, movement.dynamic, event base, event detail, ambient lines, ending title and text, entrance.image.label.
- every event has a hotkey: "1", "2", "3" for transitions, "q", "e", "r" for overrides.
- a transition never leads back to its own state.
- curly braces in prose are template slots: use only "{hero}" (and define it in "slots"), or no braces at all; every slot you define must be used.

CRAFT
- Use the premise's own names, places, objects and actions; states are its places and situations, events are its actions.
- Give the player real choices: branches, a way back, at least one alternative ending when the story allows.
- Match the camera prose to the requested point of view.
- Leave "entrance.image.src" and "cover" empty; the service paints them.

EXAMPLE (shape only; it is smaller than the world you must write)
${JSON.stringify(EXAMPLE_WORLD)}`;

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max)}\n[…truncated: ${text.length - max} more characters]`;

export interface PromptContext {
  pov: string;
  frameRef?: string;
  /** The seed frame's image is attached to the prompt. */
  seedImage?: boolean;
  subjectDescriptor?: string;
}

function common(ctx: PromptContext): string[] {
  const lines = [`Point of view: ${ctx.pov.replace(/_/g, " ")} (the camera prose must match it).`];
  if (ctx.subjectDescriptor) lines.push(`The main character's look (use it for "subject", keep it consistent): ${ctx.subjectDescriptor}`);
  if (ctx.frameRef)
    lines.push(
      ctx.seedImage
        ? "The attached image is the seed frame, the opening image: the entrance state must describe the scene it shows, with what is in it."
        : "A seed frame is the opening image: the entrance state must describe a scene that could be that image.",
    );
  lines.push("Write the world now as one JSON object.");
  return lines;
}

export function premisePrompt(premise: string | undefined, ctx: PromptContext): string {
  const head = premise?.trim()
    ? `Premise: ${clip(premise.trim(), 4_000)}`
    : "No premise was given: invent an evocative world that could open on the seed frame.";
  return [head, ...common(ctx)].join("\n");
}

export const MAX_CHAPTER_PROMPT_CHARS = 16_000;

export function actPrompt(bible: Bible, chapter: Chapter, ctx: PromptContext): string {
  const canon = {
    title: bible.title,
    protagonist: bible.protagonist,
    setting: bible.setting,
    tone: bible.tone,
    characters: bible.characters,
    places: bible.places,
    motifs: bible.motifs,
    summary: bible.summary,
  };
  return [
    `Book bible (keep names, places and tone consistent with it): ${JSON.stringify(canon)}`,
    `Author ONE act as one world: chapter ${chapter.index + 1}, "${chapter.title}". Its places become states, its events become transitions, and ${bible.protagonist} is the hero. Stay faithful to the chapter.`,
    "Chapter text:",
    '"""',
    clip(chapter.text, MAX_CHAPTER_PROMPT_CHARS),
    '"""',
    ...common(ctx),
  ].join("\n");
}

const formatDiagnostic = (d: Diagnostic): string => `- ${d.code} ${d.lint} at ${d.path || "(root)"}: ${d.message}`;

/** The repair request: what was wrong with the last answer, in the validator's own words. */
export function repairPrompt(landing: Extract<Landing, { ok: false }>): string {
  const lines = ["Your previous answer was rejected by the world validator."];
  if (landing.problem === "not_json") {
    lines.push(`It was ${landing.message}. Answer with exactly one JSON object and nothing else: no prose, no code fences.`);
  } else if (landing.problem === "not_world") {
    lines.push("It was JSON but not a valid SMWorld. Schema problems:");
    lines.push(...landing.errors.slice(0, 40).map((e) => `- ${e}`));
  } else {
    const errors = landing.diagnostics.filter((d) => d.severity === "error");
    const warnings = landing.diagnostics.filter((d) => d.severity === "warning");
    lines.push("It failed the kernel gate with these errors (fix every one):");
    lines.push(...errors.slice(0, 40).map(formatDiagnostic));
    if (warnings.length > 0) {
      lines.push("Also fix these warnings:");
      lines.push(...warnings.slice(0, 15).map(formatDiagnostic));
    }
  }
  lines.push("Return the complete corrected world as one JSON object (the whole world, not a patch). Keep what was fine.");
  return lines.join("\n");
}

export const BIBLE_SYSTEM_PROMPT = `You distil a book into its bible, the canon every chapter's game world keeps consistent. Answer with one JSON object only, no prose and no code fences:
{"title": string, "protagonist": string, "setting": string, "tone": string, "characters": [string], "places": [string], "motifs": [string], "summary": string}
- title: the book's title if it states one, else a fitting short title.
- protagonist: the main character's name (or role if unnamed).
- setting: where and when, in one phrase. tone: one or two words (e.g. "ominous", "wistful", "bright").
- characters, places, motifs: up to 8 each, most important first, in the book's own words.
- summary: at most three sentences.`;

export const MAX_BIBLE_PROMPT_CHARS = 24_000;

export function biblePrompt(text: string): string {
  return ["Book text:", '"""', clip(text, MAX_BIBLE_PROMPT_CHARS), '"""', "Write the bible now as one JSON object."].join("\n");
}

export function bibleRepairPrompt(problem: string): string {
  return `Your previous answer could not be used: ${problem}. Answer with exactly one JSON object with the keys title, protagonist, setting, tone, characters, places, motifs, summary (strings and arrays of strings), nothing else.`;
}
