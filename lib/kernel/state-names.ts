import type { State, World } from "./schema";
import { fillTemplate } from "./templates";

/*
 * The names a person knows a state by. The canvas shows one (`canvasName`); the Ask bar and the
 * inspector read the same function, so an instruction can name a state exactly as the canvas
 * shows it, and the inspector can show that name beside the id.
 */

const CANVAS_WORDS = 6;

/** An id made readable: the local author's `s3-` and `end1-` prefixes only keep ids unique. */
export function idInWords(id: string): string {
  const words =
    id
      .replace(/^(?:s|end)\d+[-_]/i, "")
      .replace(/[-_\s]+/g, " ")
      .trim() || id;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The caption of a state's frame, slots filled in (the entrance falls back to the entrance's frame). */
export function captionOf(state: State, world: World): string {
  const image = (state as { image?: { label?: unknown } }).image;
  const caption = typeof image?.label === "string" ? fillTemplate(image.label, state.slots, world.slots).replace(/\s+/g, " ").trim() : "";
  if (caption) return caption;
  return state.id === world.entrance.state ? world.entrance.image.label.replace(/\s+/g, " ").trim() : "";
}

/**
 * A state's name for people, as the canvas shows it: the caption of its frame (the first words
 * of its place, "Lighthouse at dusk"), else its id made readable (`s3-harbor_gate` → "Harbor
 * gate"). At most six words, cut with "…".
 */
export function canvasName(state: State, world: World): string {
  const caption = captionOf(state, world);
  const words = (caption ? caption.charAt(0).toUpperCase() + caption.slice(1) : idInWords(state.id)).split(" ");
  return words.slice(0, CANVAS_WORDS).join(" ") + (words.length > CANVAS_WORDS ? "…" : "");
}

/** Every name a person may use for the state `id`: its id, the canvas's name, the whole caption, the id in words. */
export function namesOfState(world: World, id: string): string[] {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, id) ? world.scene.states[id] : undefined;
  if (!state) return [id];
  const names = [id, canvasName(state, world).replace(/…$/, ""), captionOf(state, world), idInWords(id)];
  return [...new Set(names.filter((n) => n.trim() !== ""))];
}

/**
 * The name to write in a sentence for the state `id`: the canvas's name, uncut (its whole
 * caption, else its id in words), or the id itself when there is no such state.
 */
export function shownNameOf(world: World, id: string): string {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, id) ? world.scene.states[id] : undefined;
  if (!state) return id;
  const caption = captionOf(state, world);
  return caption ? caption.charAt(0).toUpperCase() + caption.slice(1) : idInWords(id);
}

const quoted = (name: string): string => `'${name.replace(/'/g, "’")}'`;

/**
 * Instructions the Ask bar can read on this world, written with its own names: what the bar
 * shows as examples and what it offers when an instruction cannot be read. Each follows a form
 * of the offline grammar (docs/edit.md); tests/ask-bar-names.test.ts checks every one applies.
 */
export function askExamples(world: World): string[] {
  const ids = Object.keys(world.scene.states);
  const entrance = ids.includes(world.entrance.state) ? world.entrance.state : ids[0];
  if (entrance === undefined) return ["add a state 'Hall'"];
  const name = (id: string) => quoted(shownNameOf(world, id));
  const other = ids.find((id) => id !== entrance && world.scene.states[id]?.ending.isEnding !== true) ?? ids.find((id) => id !== entrance);
  const fresh =
    ["Cellar", "Attic", "Boathouse", "Courtyard"].find((n) => !ids.some((id) => id.toLowerCase() === n.toLowerCase())) ?? "New room";
  const examples = [`add a state '${fresh}' after ${name(entrance)}, then make ${fresh} a winning ending`];
  if (other !== undefined) examples.push(`connect ${name(other)} to ${name(entrance)} with 'go back'`);
  const ending = ids.find((id) => id !== entrance && world.scene.states[id]?.ending.isEnding === true) ?? other;
  if (ending !== undefined) examples.push(`make ${name(ending)} a losing ending`);
  examples.push(`add an action 'look closer' to ${name(other ?? entrance)}`);
  if (other !== undefined) examples.push(`describe ${name(other)} as 'Rain on the roof'`);
  return examples;
}
