import type { World } from "@/lib/kernel";
import { CLIP_TIMES, CLIP_WEATHERS, MAX_CLIPS, ZCreateBatchBody, type ClipSpec, type CreateBatchBody } from "@/lib/shared/scenario-plan";

/*
 * The Scenarios tab's plan, as the composer holds it, and the request it becomes. Pure: the
 * walk over the graph, the clips, and the checks with the API's own schema (ZCreateBatchBody).
 */

export type Weather = (typeof CLIP_WEATHERS)[number];
export type TimeOfDay = (typeof CLIP_TIMES)[number];

export const WEATHER_LABELS: Record<Weather, string> = {
  clear: "Clear sky",
  cloudy: "Cloudy",
  storm: "Storm",
  rain: "Rain",
  snow: "Snow",
  fog: "Fog",
};
export const TIME_LABELS: Record<TimeOfDay, string> = { night: "Night", dusk: "Dusk", dawn: "Dawn", day: "Day" };

/** A variation: the same walk under other conditions. Empty strings are "as painted". */
export interface VariationDraft {
  key: string;
  kind: "variation";
  weather: Weather | "";
  timeOfDay: TimeOfDay | "";
  variant: string;
  note: string;
}

/** A counterfactual: one step of the walk rewritten ("what if this led elsewhere"). */
export interface CounterfactualDraft {
  key: string;
  kind: "counterfactual";
  /** Index into the plan's path of the event rewritten. */
  step: number;
  /** The state the event leads to instead; "" keeps its target. */
  to: string;
  /** The event's prose for this clip. */
  base: string;
}

export type ClipDraft = VariationDraft | CounterfactualDraft;

export interface PlanDraft {
  name: string;
  from: string;
  /** Event names taken in order from `from`. */
  path: string[];
  review: "auto" | "manual";
  /** Each clip must end where its own walk ends. */
  expectReach: boolean;
  /** Labels the last frame must show / must not show, comma-separated as typed. */
  visible: string;
  absent: string;
  clips: ClipDraft[];
}

/** One event leaving a state: its name and where it leads (`to` absent: it plays in place). */
export interface Exit {
  name: string;
  to: string | null;
  hotkey: string;
}

export interface WalkStep {
  event: string;
  from: string;
  /** The state the step ends in (the same state for an event that plays in place). */
  to: string;
  inPlace: boolean;
}

export interface Walk {
  steps: WalkStep[];
  /** Where the walk ends (the last state it reached, even when it broke). */
  end: string;
  /** The first step that cannot be taken, and why. */
  broken: { step: number; reason: string } | null;
}

/** The events leaving a state, in document order. */
export function exitsOf(world: World, stateId: string): Exit[] {
  return world.scene.events.filter((e) => e.from === stateId).map((e) => ({ name: e.name, to: e.to ?? null, hotkey: e.hotkey }));
}

/**
 * Takes each event of `path` by name from the state the walk is in, as a player would. With a
 * `rewrite` (a counterfactual), the event taken at that step leads to `to` instead, wherever the
 * walk takes that same event (the API rewrites the event itself, `update_event`), and the walk
 * goes on from there.
 */
export function walkPath(world: World, from: string, path: readonly string[], rewrite?: { step: number; to: string }): Walk {
  const steps: WalkStep[] = [];
  let at = from;
  let rewritten: { from: string; name: string; to: string } | null = null;
  if (!world.scene.states[from]) return { steps, end: from, broken: { step: 0, reason: `there is no state “${from}”` } };
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    const event = world.scene.events.find((e) => e.from === at && e.name === name);
    if (!event) return { steps, end: at, broken: { step: i, reason: `“${at}” has no event “${name}”` } };
    if (rewrite && rewrite.step === i && rewrite.to) rewritten = { from: at, name, to: rewrite.to };
    const changed = rewritten !== null && rewritten.from === at && rewritten.name === name;
    const target = changed ? rewritten!.to : (event.to ?? at);
    if (!world.scene.states[target])
      return { steps, end: at, broken: { step: i, reason: `“${name}” leads to “${target}”, which is no state` } };
    steps.push({ event: name, from: at, to: target, inPlace: !changed && event.to === undefined });
    at = target;
  }
  return { steps, end: at, broken: null };
}

/**
 * The steps a what-if may change: the API rewrites the first step of the path with the event's
 * name, so a later step that repeats an earlier name is not offered.
 */
export const changeableSteps = (path: readonly string[]) => path.flatMap((name, i) => (path.indexOf(name) === i ? [i] : []));

/** The walk a clip takes: the plan's, or with its counterfactual's step rewritten. */
export function walkOfClip(world: World, plan: PlanDraft, clip: ClipDraft): Walk {
  return clip.kind === "counterfactual"
    ? walkPath(world, plan.from, plan.path, { step: clip.step, to: clip.to })
    : walkPath(world, plan.from, plan.path);
}

/** The variants of the states on a walk (a variation renders each state that has one as it). */
export function variantsOnWalk(world: World, walk: Walk, from: string): { id: string; label: string; states: string[] }[] {
  const found = new Map<string, { id: string; label: string; states: string[] }>();
  const ids = [from, ...walk.steps.map((s) => s.to)];
  for (const stateId of new Set(ids)) {
    for (const variant of world.scene.states[stateId]?.variants ?? []) {
      const seen = found.get(variant.id) ?? { id: variant.id, label: variant.label || variant.id, states: [] };
      seen.states.push(stateId);
      found.set(variant.id, seen);
    }
  }
  return [...found.values()];
}

export const splitLabels = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((l) => l.trim())
      .filter(Boolean),
  ),
];

/** A clip in a few words, for people (also sent as its `customId`, so the batch names it the same). */
export function describeClip(plan: PlanDraft, clip: ClipDraft, world?: World): string {
  if (clip.kind === "variation") {
    const parts = [
      clip.timeOfDay ? TIME_LABELS[clip.timeOfDay] : "",
      clip.weather ? WEATHER_LABELS[clip.weather] : "",
      clip.variant ? `as “${clip.variant}”` : "",
      clip.note ? `“${clip.note}”` : "",
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(", ") : "No change yet";
  }
  const event = plan.path[clip.step];
  if (event === undefined) return "What if… (pick a step)";
  const original = world ? walkPath(world, plan.from, plan.path).steps[clip.step]?.to : undefined;
  const target = clip.to || original;
  return clip.to ? `What if “${event}” led to ${target}` : `What if “${event}” read differently`;
}

/** The request's clips, in the composer's order. */
export function clipsOf(world: World, plan: PlanDraft): ClipSpec[] {
  const visible = splitLabels(plan.visible);
  const absent = splitLabels(plan.absent);
  return plan.clips.map((clip) => {
    const walk = walkOfClip(world, plan, clip);
    const expect = {
      ...(plan.expectReach && !walk.broken ? { reach: walk.end } : {}),
      ...(visible.length > 0 ? { visible } : {}),
      ...(absent.length > 0 ? { absent } : {}),
    };
    const base = {
      customId: describeClip(plan, clip, world).slice(0, 200),
      from: plan.from,
      ...(plan.path.length > 0 ? { path: plan.path } : {}),
      ...(Object.keys(expect).length > 0 ? { expect } : {}),
    };
    if (clip.kind === "variation") {
      const apply = {
        ...(clip.weather ? { weather: clip.weather } : {}),
        ...(clip.timeOfDay ? { timeOfDay: clip.timeOfDay } : {}),
        ...(clip.variant ? { variant: clip.variant } : {}),
        ...(clip.note.trim() ? { note: clip.note.trim() } : {}),
      };
      return { ...base, kind: "variation", apply } as ClipSpec;
    }
    const event = plan.path[clip.step] ?? "";
    return {
      ...base,
      kind: "counterfactual",
      replace: { event, with: { ...(clip.to ? { to: clip.to } : {}), base: clip.base.trim() } },
    } as ClipSpec;
  });
}

export interface PlanCheck {
  /** The request, when the plan passes the API's schema and its walks hold. */
  body: CreateBatchBody | null;
  /** Problems of one clip, by its index. */
  byClip: Map<number, string[]>;
  /** Problems of the plan as a whole. */
  plan: string[];
}

/** Field names of the schema in words. */
const FIELD_WORDS: Record<string, string> = {
  apply: "Change",
  replace: "What if",
  "replace.with.base": "What happens instead",
  "replace.event": "Step to change",
  "replace.with.to": "Leads to instead",
  "apply.variant": "State variant",
  "apply.weather": "Weather",
  "apply.timeOfDay": "Time of day",
  "expect.reach": "Ends in",
  "apply.note": "Note",
  "expect.visible": "Should show",
  "expect.absent": "Should not show",
  path: "Walk",
  from: "Start",
  name: "Name",
};

function words(field: string, message: string): string {
  const clean = message
    .replace("give at least one of weather, timeOfDay, variant, note", "choose a weather, a time of day, a variant or a note")
    .replace(/^Too small: expected string to have >=1 characters?$/, "write something here")
    .replace(/^Too big: expected string to have <=(\d+) characters?$/, "at most $1 characters");
  const name = FIELD_WORDS[field];
  return name ? `${name}: ${clean}` : field ? `${field}: ${clean}` : clean;
}

/** Checks a plan with the API's own schema, and its walks on the graph, before anything is sent. */
export function checkPlan(world: World, worldId: string, plan: PlanDraft): PlanCheck {
  const byClip = new Map<number, string[]>();
  const planProblems: string[] = [];
  const add = (index: number, message: string) => byClip.set(index, [...(byClip.get(index) ?? []), message]);

  const walk = walkPath(world, plan.from, plan.path);
  if (walk.broken) planProblems.push(`The walk breaks at step ${walk.broken.step + 1}: ${walk.broken.reason}.`);
  if (plan.clips.length === 0) planProblems.push("Add at least one clip.");
  if (plan.clips.length > MAX_CLIPS) planProblems.push(`A batch holds at most ${MAX_CLIPS} clips.`);
  plan.clips.forEach((clip, i) => {
    if (clip.kind !== "counterfactual") return;
    if (plan.path[clip.step] === undefined || !changeableSteps(plan.path).includes(clip.step))
      add(i, "Pick the step of the walk this clip changes.");
    else if (!walk.broken) {
      const own = walkOfClip(world, plan, clip);
      if (own.broken) add(i, `After the change the walk cannot go on: ${own.broken.reason}.`);
    }
  });

  const body = { worldId, ...(plan.name.trim() ? { name: plan.name.trim() } : {}), review: plan.review, clips: clipsOf(world, plan) };
  const parsed = ZCreateBatchBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, ...rest] = issue.path.map(String);
      if (head === "clips" && index !== undefined && /^\d+$/.test(index)) {
        if (plan.clips[Number(index)]?.kind === "counterfactual" && rest[0] === "replace" && rest[1] === "event") continue; // said above
        add(Number(index), words(rest.filter((p) => !/^\d+$/.test(p)).join("."), issue.message));
      } else if (head !== "clips") planProblems.push(words(issue.path.join("."), issue.message));
    }
  }
  const ok = parsed.success && byClip.size === 0 && planProblems.length === 0;
  return { body: ok ? parsed.data : null, byClip, plan: planProblems };
}

/**
 * The API's `errors` of a refused plan (`clips.3.path: …`, or `clips[3]…`), by clip index; the
 * rest are the plan's.
 */
export function errorsByClip(errors: readonly string[]): { byClip: Map<number, string[]>; other: string[] } {
  const byClip = new Map<number, string[]>();
  const other: string[] = [];
  for (const error of errors) {
    const match = /^(?:body\.)?clips(?:\.|\[)(\d+)\]?\.?([^:]*):\s*(.*)$/s.exec(error);
    if (!match) {
      other.push(error);
      continue;
    }
    const index = Number(match[1]);
    // `clips.3.path.1: …` (a schema error) or `clips[3]: path[1]: …` (the plan refused): name the field in words.
    const inner = match[2] ? null : /^([A-Za-z][\w.[\]]*):\s*(.*)$/s.exec(match[3]!);
    const field = (match[2] || inner?.[1] || "").replace(/\[\d+\]|\.\d+(?=\.|$)/g, "");
    const message = field ? words(field, inner ? inner[2]! : match[3]!) : match[3]!;
    byClip.set(index, [...(byClip.get(index) ?? []), message]);
  }
  return { byClip, other };
}

let counter = 0;
export const newKey = () => `clip-${++counter}`;

export const newVariation = (init: Partial<Omit<VariationDraft, "key" | "kind">> = {}): VariationDraft => ({
  key: newKey(),
  kind: "variation",
  weather: "",
  timeOfDay: "",
  variant: "",
  note: "",
  ...init,
});

export const newCounterfactual = (step: number): CounterfactualDraft => ({ key: newKey(), kind: "counterfactual", step, to: "", base: "" });

/** A first plan: from the entrance, one clip of the same walk at night. */
export function initialPlan(world: World): PlanDraft {
  return {
    name: "",
    from: world.entrance.state,
    path: [],
    review: "auto",
    expectReach: true,
    visible: "",
    absent: "",
    clips: [newVariation({ timeOfDay: "night" })],
  };
}

/**
 * The plan after its walk changed: counterfactuals pointing past the new end lose their step
 * (they say so), the rest are kept.
 */
export function withPath(plan: PlanDraft, from: string, path: string[]): PlanDraft {
  return {
    ...plan,
    from,
    path,
    clips: plan.clips.map((c) =>
      c.kind === "counterfactual" && c.step >= path.length ? { ...c, step: Math.max(0, path.length - 1), to: "" } : c,
    ),
  };
}
