import { checkWorld, type Diagnostic, type World } from "@/lib/kernel";
import type { SubjectRefInput } from "./provider";

// Turning a model's answer into a world: tolerant JSON extraction, a small documented
// normalisation, then the kernel gate (checkWorld). Anything else is the model's to repair.

export type JsonAnswer = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The JSON value in a model's answer: the whole answer, or the content of a ```json fence, or
 * the span from the first `{` to the last `}` (models like to wrap JSON in prose).
 */
export function parseJsonAnswer(text: string): JsonAnswer {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: "the answer was empty" };
  const candidates = [trimmed];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence?.[1]) candidates.push(fence[1].trim());
  const first = trimmed.indexOf("{");
  const last = trimmed.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(trimmed.slice(first, last + 1));
  let message = "";
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch (error) {
      if (message === "") message = error instanceof Error ? error.message : String(error);
    }
  }
  return { ok: false, message: `not valid JSON (${message})` };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface LandContext {
  worldId: string;
  /** An http(s) seed frame becomes the entrance image and cover. */
  frameRef?: string;
  subjectRef?: SubjectRefInput;
  /** Entrance image and cover when there is no http(s) frame (models cannot make real image URLs). */
  placeholderImage: (world: Record<string, unknown>) => string;
}

/**
 * The normalisation applied before the gate, and only this (docs/providers.md): the answer may be
 * wrapped as `{"world": {...}}`; `id` is the world id; cover and entrance image are ours; a
 * state without `id` takes its key; omitted `ambient`/`variants` are `[]` and an omitted
 * `ending` is `{isEnding: false}` (the `add_state` defaults); an event's `to: null` or
 * `kind: null` is dropped; omitted `description`, `subject` and event `detail` are "".
 * Content (prose, ids, references, hotkeys) is never invented here.
 */
export function normalizeWorld(value: unknown, ctx: LandContext): unknown {
  let world = value;
  if (isRecord(world) && !("scene" in world) && isRecord(world.world)) world = world.world;
  if (!isRecord(world)) return world;
  const out: Record<string, unknown> = { ...world, id: ctx.worldId };
  if (out.description === undefined) out.description = "";
  if (out.subject === undefined) out.subject = "";
  const scene = out.scene;
  if (isRecord(scene)) {
    const nextScene: Record<string, unknown> = { ...scene };
    if (isRecord(scene.states)) {
      const states: Record<string, unknown> = {};
      for (const [key, state] of Object.entries(scene.states)) {
        if (!isRecord(state)) {
          states[key] = state;
          continue;
        }
        states[key] = {
          ...state,
          id: state.id ?? key,
          ambient: state.ambient ?? [],
          variants: state.variants ?? [],
          ending: state.ending ?? { isEnding: false },
        };
      }
      nextScene.states = states;
    }
    if (Array.isArray(scene.events)) {
      nextScene.events = scene.events.map((event: unknown) => {
        if (!isRecord(event)) return event;
        const e: Record<string, unknown> = { ...event };
        if (e.to === null) delete e.to;
        if (e.kind === null) delete e.kind;
        if (e.detail === undefined) e.detail = "";
        return e;
      });
    }
    out.scene = nextScene;
  }
  const frame = ctx.frameRef?.trim() ?? "";
  const image = /^https?:\/\//i.test(frame) ? frame : ctx.placeholderImage(out);
  out.cover = image;
  const entrance = out.entrance;
  if (isRecord(entrance)) {
    const label = isRecord(entrance.image) && typeof entrance.image.label === "string" ? entrance.image.label : "";
    out.entrance = { ...entrance, image: { ...(isRecord(entrance.image) ? entrance.image : {}), src: image, label } };
  }
  if (ctx.subjectRef !== undefined) {
    out.subjectRef = {
      imageUrl: ctx.subjectRef.imageUrl,
      descriptor: ctx.subjectRef.descriptor ?? (typeof out.subject === "string" ? out.subject : ""),
    };
  } else {
    delete out.subjectRef;
  }
  return out;
}

export type Landing =
  | { ok: true; world: World; diagnostics: Diagnostic[] }
  | {
      ok: false;
      /** `not_json`: unparseable; `not_world`: JSON but not an SMWorld (schema); `gate`: refused by the gate. */
      problem: "not_json" | "not_world" | "gate";
      message: string;
      errors: string[];
      diagnostics: Diagnostic[];
    };

/** A model's answer → a gate-clean world, or what was wrong with it (to send back for repair). */
export function landWorld(text: string, ctx: LandContext): Landing {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problem: "not_json", message: parsed.message, errors: [], diagnostics: [] };
  const normalized = normalizeWorld(parsed.value, ctx);
  if (!isRecord(normalized)) {
    return {
      ok: false,
      problem: "not_world",
      message: "the JSON value is not an object",
      errors: ["(root): expected a JSON object"],
      diagnostics: [],
    };
  }
  const verdict = checkWorld(normalized);
  if (verdict.ok && verdict.world !== null) return { ok: true, world: verdict.world, diagnostics: verdict.diagnostics };
  if (verdict.world === null) {
    return {
      ok: false,
      problem: "not_world",
      message: "the JSON object is not a valid SMWorld",
      errors: verdict.errors,
      diagnostics: verdict.diagnostics,
    };
  }
  return { ok: false, problem: "gate", message: "the world failed the kernel gate", errors: [], diagnostics: verdict.diagnostics };
}
