import type { LintName } from "./lints";
import type { Diagnostic, World } from "./schema";
import { idInWords } from "./state-names";

/*
 * Diagnostics in words for people: what is wrong, where (a state by its name, not its id path),
 * and how to fix it. One table for the Studio, the API's 422 `detail` and docs/lints.md; the
 * `code` stays beside the sentence, small. Pure: the world, when given, only names things.
 */

/** Where a finding is, resolved against the world it was computed on. */
interface Place {
  /** The state concerned (its id), when there is one. */
  state: string | null;
  /** The event concerned, when there is one. */
  event: { from: string; name: string; to?: string; hotkey: string } | null;
  /** The path below the state or event (`camera.static`, `variants[0].base`, `to`), or the world field. */
  field: string;
}

interface Words {
  /** What is wrong and where, as a clause that starts the sentence. */
  what: (p: Place, d: Diagnostic, w: Namer) => string;
  /** How to fix it; generic, so docs/lints.md can show it too. */
  fix: string;
}

/** Names for people, read from the world when there is one. */
interface Namer {
  /** The entrance's state id as the world has it. */
  entrance: string | undefined;
  state(id: string): string;
  field(p: Place): string;
  event(p: Place): string;
}

const q = (s: string) => `“${s}”`;

/** A state id in words: `s2-lantern_room` → `Lantern room` (the generators' ids carry an `sN-` prefix). */

/**
 * A state's name for people: its picture's label (generated worlds label every frame), else an
 * ending's title, else its id in words.
 */
export function stateTitle(world: World | undefined, id: string): string {
  const state = world?.scene.states[id];
  if (state && Object.prototype.hasOwnProperty.call(world!.scene.states, id)) {
    const image = (state as { image?: { label?: unknown } }).image;
    if (typeof image?.label === "string" && image.label.trim() !== "") return image.label.trim();
    if (state.ending.isEnding === true && typeof state.ending.title === "string" && state.ending.title.trim() !== "")
      return state.ending.title.trim();
  }
  return idInWords(id);
}

const STATES = "scene.states.";
const EVENTS = "scene.events[";

function placeOf(world: World | undefined, d: Diagnostic): Place {
  const path = d.loc.field || d.path;
  if (path.startsWith(STATES)) {
    const rest = path.slice(STATES.length);
    // Ids may contain dots: the longest id the world has wins; without a world, up to the first dot.
    let best: Place | null = null;
    for (let i = 0; i <= rest.length; i++) {
      if (i < rest.length && rest[i] !== "." && rest[i] !== "[") continue;
      const id = rest.slice(0, i);
      if (id === "") continue;
      const known = world ? Object.prototype.hasOwnProperty.call(world.scene.states, id) : best === null;
      if (known) best = { state: id, event: null, field: rest.slice(i + (rest[i] === "." ? 1 : 0)) };
    }
    return best ?? { state: rest, event: null, field: "" };
  }
  if (path.startsWith(EVENTS)) {
    const close = path.indexOf("]", EVENTS.length);
    const index = Number(path.slice(EVENTS.length, close));
    const e = close === -1 ? undefined : world?.scene.events[index];
    const field = close === -1 ? "" : path.slice(close + 2);
    if (!e) return { state: null, event: { from: "", name: `#${Number.isInteger(index) ? index + 1 : "?"}`, hotkey: "" }, field };
    return { state: e.from, event: { from: e.from, name: e.name, ...(e.to !== undefined ? { to: e.to } : {}), hotkey: e.hotkey }, field };
  }
  return { state: null, event: null, field: path };
}

/** The inspector's label of a field (Camera › Static), so a person finds it. */
function fieldLabel(field: string): string {
  const fixed: Record<string, string> = {
    base: "Base",
    detail: "Detail",
    hotkey: "Hotkey",
    name: "Name",
    to: "To",
    from: "From",
    id: "Id",
    "camera.static": "Camera › Static",
    "camera.dynamic": "Camera › Dynamic",
    "movement.static": "Movement › Static",
    "movement.dynamic": "Movement › Dynamic",
    "ending.title": "Ending › Title",
    "ending.text": "Ending › Text",
    description: "Description",
    subject: "Subject",
    "entrance.image.label": "Opening image label",
    "entrance.image.src": "Opening image URL",
    "entrance.state": "Entrance state",
  };
  const known = fixed[field];
  if (known) return known;
  const ambient = /^ambient\[(\d+)\]$/.exec(field);
  if (ambient) return `Ambient › Line ${Number(ambient[1]) + 1}`;
  const variant = /^variants\[(\d+)\]\.(\w+)$/.exec(field);
  if (variant) return `Variant ${Number(variant[1]) + 1} › ${variant[2] === "id" ? "Id" : variant[2] === "base" ? "Base" : variant[2]}`;
  const slot = /^slots\.(.+)$/.exec(field);
  if (slot) return `the fill ${q(slot[1]!)}`;
  return field;
}

function namer(world: World | undefined): Namer {
  const state = (id: string) => q(stateTitle(world, id));
  const event = (p: Place) => (p.event ? `the event ${q(p.event.name)}${p.event.from ? ` in ${state(p.event.from)}` : ""}` : "an event");
  const field = (p: Place) => {
    const label = fieldLabel(p.field);
    if (p.event) return `${label} of ${event(p)}`;
    if (p.state !== null) return `${label} of ${state(p.state)}`;
    return p.field.startsWith("entrance.") ? label : `the world's ${label.toLowerCase()}`;
  };
  return { entrance: world?.entrance.state, state, field, event };
}

const whole = (p: Place, w: Namer) => (p.event ? w.event(p) : p.state !== null ? w.state(p.state) : "the world");

// Keyed by every lint: a new lint without words does not compile.
const WORDS: Record<LintName, Words> = {
  "schema-invalid": {
    what: (_p, d) => `Part of the world is not in the expected shape (${d.message})`,
    fix: "Correct that field in the file you imported; a world exported from the Studio always has the right shape.",
  },
  "entrance-missing": {
    what: (_p, d, w) => {
      if (d.message.endsWith("is empty")) return "The world has no entrance";
      return w.entrance !== undefined ? `The entrance is set to ${q(w.entrance)}, which is not a state` : "The entrance names no state";
    },
    fix: "Choose the state players start in: click the empty canvas and pick an Entrance state.",
  },
  "state-key-mismatch": {
    what: (p, _d, w) => `${p.state !== null ? w.state(p.state) : "A state"} is stored under an id that differs from its own`,
    fix: "Save the state again with the id you want; a hand-written file must use the same id in both places.",
  },
  "event-from-unknown": {
    what: (p) => `The event ${q(p.event?.name ?? "")} starts from ${q(p.event?.from ?? "")}, which is not a state`,
    fix: "Pick an existing state in the event's From field, or delete the event.",
  },
  "event-to-unknown": {
    what: (p, _d, w) => `${cap(w.event(p))} leads to ${q(p.event?.to ?? "")}, which is not a state`,
    fix: "Pick an existing state in the event's To field, or set To to “none” so it plays in place.",
  },
  "event-shape": {
    what: (p, d, w) =>
      d.message.includes("must not carry to")
        ? `${cap(w.event(p))} is marked to play in place but also leads somewhere`
        : `${cap(w.event(p))} is a way onward that leads nowhere`,
    fix: "Set To to a state for a way onward, or to “none” for an action that plays in place.",
  },
  "event-name-duplicate": {
    what: (p, _d, w) => `${p.state !== null ? w.state(p.state) : "A state"} has two events named ${q(p.event?.name ?? "")}`,
    fix: "Rename one of them: the events of one state need different names.",
  },
  "hotkey-duplicate": {
    what: (p, _d, w) => `Two events of ${p.state !== null ? w.state(p.state) : "one state"} use the key ${q(p.event?.hotkey ?? "")}`,
    fix: "Give one of them another hotkey, so a key press picks one event.",
  },
  "required-empty": {
    what: (p, _d, w) => {
      if (p.event)
        return `An event of ${p.state !== null && p.state !== "" ? w.state(p.state) : "the world"} has no ${p.field === "from" ? "From state" : "name"}`;
      if (p.state !== null)
        return p.field.startsWith("variants") ? `${fieldLabel(p.field)} of ${w.state(p.state)} is empty` : "A state has no id";
      return "The world has no name";
    },
    fix: "Fill it in: it is required.",
  },
  "too-many-states": {
    what: (_p, d) => `The world has too many states (${d.message})`,
    fix: "Delete or merge states until the world is within the limit.",
  },
  "too-many-events": {
    what: (_p, d) => `The world has too many events (${d.message})`,
    fix: "Delete events until the world is within the limit.",
  },
  "variant-id-duplicate": {
    what: (p, _d, w) => `Two variants of ${p.state !== null ? w.state(p.state) : "a state"} share one id`,
    fix: "Give each variant its own id.",
  },
  "state-unreachable": {
    what: (p, _d, w) => `Nothing leads to ${whole(p, w)}, so players can never get there`,
    fix: "Add an event that leads to it from a state players can reach, or delete it.",
  },
  "ending-unreachable": {
    what: (_p, d) =>
      d.message.startsWith("the world has no ending") ? "The world has no ending" : "No ending can be reached from the entrance",
    fix: "Mark a state as an ending (Ending › This state is an ending) and connect a path to it.",
  },
  "dead-end": {
    what: (p, _d, w) => `${cap(whole(p, w))} is a dead end: it is not an ending and no event leads on from it`,
    fix: "Add an event that leads to another state, or mark it as an ending.",
  },
  "ending-has-exits": {
    what: (p, _d, w) => `${cap(whole(p, w))} is an ending, but events still lead on from it`,
    fix: "Remove those events, or untick “This state is an ending”.",
  },
  "prose-empty": {
    what: (p, _d, w) => `${cap(w.field(p))} is empty`,
    fix: "Write a line there: the renderer needs it to paint and play the scene.",
  },
  "slot-unfilled": {
    what: (p, d, w) => `${cap(w.field(p))} uses {${d.loc.slot}}, but nothing fills it`,
    fix: "Add a fill with that name to the state or the world, or remove the placeholder.",
  },
  "fill-empty": {
    what: (p, d, w) => `${cap(w.field(p))} uses {${d.loc.slot}}, whose fill is empty`,
    fix: "Give that fill a value, or remove the placeholder.",
  },
  "entrance-image-empty": {
    what: () => "The world has no opening image",
    fix: "Set the Opening image URL (click the empty canvas), or paint the entrance state.",
  },
  "optional-prose-empty": {
    what: (p, _d, w) => `${cap(w.field(p))} is empty`,
    fix: "Optional: fill it in for a richer scene, or leave it.",
  },
  "hotkey-empty": {
    what: (p, _d, w) => `${cap(w.event(p))} has no hotkey, so players can only click it`,
    fix: "Give it a key: a digit for a way onward, a letter for an action in place.",
  },
  "fill-unused": {
    what: (p, d, w) => `The fill ${q(d.loc.slot)}${p.state !== null ? ` of ${w.state(p.state)}` : " of the world"} is not used by any text`,
    fix: "Use it as {name} in a text, or remove it.",
  },
  "transition-self-loop": {
    what: (p, _d, w) => `${cap(w.event(p))} leads back to the same state`,
    fix: "Fine for a loop; set To to “none” if it should play in place instead.",
  },
};

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface PlainDiagnostic {
  /** What is wrong and where, naming states by their names. */
  what: string;
  /** How to fix it. */
  fix: string;
  /** `what. fix`: the line a person reads. */
  sentence: string;
}

/** A diagnostic in words for people; `world` is the graph it was computed on (names states and events). */
export function plainDiagnostic(d: Diagnostic, world?: World): PlainDiagnostic {
  const words = (WORDS as Record<string, Words | undefined>)[d.lint];
  if (!words) return { what: d.message, fix: "", sentence: d.message };
  const place = placeOf(world, d);
  const what = words.what(place, d, namer(world));
  return { what, fix: words.fix, sentence: `${what}. ${words.fix}` };
}

/** The fix of every lint, for docs/lints.md. */
export function lintFix(name: LintName): string {
  return WORDS[name].fix;
}
