import { ApiError } from "@/lib/errors";
import { shownNameOf, type Op, type OpName, type World } from "@/lib/kernel";
import { isQuoted, nameOf, resolveEvent, resolveState, resolveVariant, slugOf } from "./names";

/*
 * The offline grammar of POST /v1/worlds/{id}/edit (the `local` editor): one row per form of
 * instruction. The table is the parser's own data, and docs/edit.md is generated from it
 * (`npm run docs:gen`), so the reference cannot drift from what is understood.
 */

/** What a form builds: ops, and the clause of the summary that says what they do. */
export interface Built {
  ops: Op[];
  summary: string;
}

export interface Form {
  /** Stable id of the form (tests and docs name it). */
  id: string;
  /** The syntax as documented: `<state>` is an existing state, `<new name>` a new one, `[…]` optional. */
  syntax: string;
  /** Instructions of this form, as a person would type them. */
  examples: string[];
  /** The ops it yields. */
  ops: OpName[];
  pattern: RegExp;
  build(groups: Record<string, string | undefined>, world: World): Built;
}

/** A name: quoted ('…', "…", “…”) or the shortest run of words the rest of the form allows. */
const N = String.raw`(?:"[^"]+"|'[^']+'|“[^”]+”|‘[^’]+’|.+?)`;
/** A form's pattern: `§` stands for a name; whole instruction, any case. */
const form = (source: string): RegExp => new RegExp(`^${source.replaceAll("§", N)}$`, "iu");
const q = (s: string): string => `"${s}"`;
/** A state in a summary, by the name the canvas shows (an id the world does not hold yet stays as written). */
const named = (world: World, id: string): string => q(shownNameOf(world, id));
const KIND = "(?:state|room|place|scene|location) ";

function fresh(text: string | undefined): string {
  const name = nameOf(text ?? "");
  if (name === "") throw new ApiError("validation_failed", "A new name is empty; quote it, e.g. 'Cellar'.");
  return name;
}

const prose = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : isQuoted(text) ? nameOf(text) : text.trim();

const OUTCOMES: Record<string, "good" | "bad" | "neutral"> = {
  winning: "good",
  good: "good",
  happy: "good",
  losing: "bad",
  bad: "bad",
  sad: "bad",
  tragic: "bad",
  neutral: "neutral",
};

export const FORMS: Form[] = [
  {
    id: "add-state",
    syntax: "add a state <new name> [after <state> [with <event name>]] [described as <text>]",
    examples: [
      "add a state 'Cellar' after 'Hall'",
      "add a room Attic after the hall with 'climb the ladder' described as 'Dust and old trunks'",
      "after the hall, add a state 'Pantry'",
    ],
    ops: ["add_state", "add_event"],
    pattern: form(
      `(?:(?:after|from) (?<before>§),? )?(?:add|create|make) (?:a |an )?(?:new )?${KIND}(?:called |named )?(?<name>§)(?: (?:after|from|off) (?<after>§)(?: (?:with|via|by|through) (?<event>§))?)?(?: (?:described as|showing) (?<base>§))?`,
    ),
    build(g, world) {
      const id = fresh(g.name);
      const base = prose(g.base);
      const ops: Op[] = [{ op: "add_state", id, ...(base !== undefined ? { base } : {}) }];
      const after = g.after ?? g.before;
      if (after === undefined) return { ops, summary: `add the state ${q(id)}` };
      const from = resolveState(world, after);
      const name = g.event !== undefined ? fresh(g.event) : `go to ${id}`;
      ops.push({ op: "add_event", from, to: id, name });
      return { ops, summary: `add the state ${q(id)} after ${named(world, from)} (event ${q(name)})` };
    },
  },
  {
    id: "connect",
    syntax: "connect <state> to <state> [with <event name>]",
    examples: ["connect Hall to Garden with 'open the gate'", "link the garden to the hall", "the garden should lead to the hall"],
    ops: ["add_event"],
    pattern: form(
      `(?:(?:connect|link) (?<from>§) (?:to|with) (?<to>§)|(?<src>§) (?:should|must|can|will) (?:lead|go) (?:on )?to (?<dst>§))(?: (?:with|via|by|through|using|called|named) (?<event>§))?`,
    ),
    build(g, world) {
      const from = resolveState(world, (g.from ?? g.src)!);
      const to = resolveState(world, (g.to ?? g.dst)!);
      const name = g.event !== undefined ? fresh(g.event) : `go to ${shownNameOf(world, to)}`;
      return {
        ops: [{ op: "add_event", from, to, name }],
        summary: `connect ${named(world, from)} to ${named(world, to)} with ${q(name)}`,
      };
    },
  },
  {
    id: "add-action",
    syntax: "add an action <event name> to <state>",
    examples: ["add an action 'ring the bell' to Hall"],
    ops: ["add_event"],
    pattern: form(`add (?:an? )?(?:in[- ]place )?(?:action|override|choice) (?<event>§) (?:to|in|at|on) (?<state>§)`),
    build(g, world) {
      const from = resolveState(world, g.state!);
      const name = fresh(g.event);
      return { ops: [{ op: "add_event", from, name }], summary: `add the in-place action ${q(name)} to ${named(world, from)}` };
    },
  },
  {
    id: "rename-event",
    syntax: "rename the event <event> from <state> to <new name>",
    examples: ["rename the event 'open the gate' from Hall to 'unlock the gate'"],
    ops: ["update_event"],
    pattern: form(`rename (?:the )?(?:event|action|choice|exit) (?<event>§) (?:from|in|at|on|of) (?<state>§) (?:to|as|into) (?<name>§)`),
    build(g, world) {
      const from = resolveState(world, g.state!);
      const name = resolveEvent(world, from, g.event!);
      const next = fresh(g.name);
      return {
        ops: [{ op: "update_event", from, name, patch: { name: next } }],
        summary: `rename the event ${q(name)} from ${named(world, from)} to ${q(next)}`,
      };
    },
  },
  {
    id: "retarget",
    syntax: "make <event> from <state> lead to <state>",
    examples: ["make 'open the gate' from Hall lead to Cellar"],
    ops: ["update_event"],
    pattern: form(
      `(?:make|point) (?:the )?(?:event |action |choice |exit )?(?<event>§) (?:from|in|at) (?<from>§) (?:lead to|go to|point to|to) (?<to>§)`,
    ),
    build(g, world) {
      const from = resolveState(world, g.from!);
      const name = resolveEvent(world, from, g.event!);
      const to = resolveState(world, g.to!);
      return {
        ops: [{ op: "update_event", from, name, patch: { to } }],
        summary: `make ${q(name)} from ${named(world, from)} lead to ${named(world, to)}`,
      };
    },
  },
  {
    id: "rename-state",
    syntax: "rename <state> to <new name>",
    examples: ["rename Hall to 'Great Hall'"],
    ops: ["update_state"],
    pattern: form(`rename (?:the )?(?:${KIND})?(?<state>§) (?:to|as|into) (?<name>§)`),
    build(g, world) {
      const id = resolveState(world, g.state!);
      const next = fresh(g.name);
      return { ops: [{ op: "update_state", id, patch: { id: next } }], summary: `rename ${named(world, id)} to ${q(next)}` };
    },
  },
  {
    id: "unmake-ending",
    syntax: "make <state> no longer an ending",
    examples: ["make Garden no longer an ending"],
    ops: ["update_state"],
    pattern: form(`make (?<state>§) (?:no longer|not) (?:an? )?ending`),
    build(g, world) {
      const id = resolveState(world, g.state!);
      return {
        ops: [{ op: "update_state", id, patch: { ending: { isEnding: false, outcome: null } } }],
        summary: `make ${named(world, id)} no longer an ending`,
      };
    },
  },
  {
    id: "make-ending",
    syntax: "make <state> a [winning | losing | neutral] ending",
    examples: ["make Garden a winning ending", "make the cellar a losing ending"],
    ops: ["update_state"],
    pattern: form(`make (?<state>§) (?:an? |the )?(?:(?<kind>winning|good|happy|losing|bad|sad|tragic|neutral) )?ending`),
    build(g, world) {
      const id = resolveState(world, g.state!);
      const outcome = g.kind !== undefined ? OUTCOMES[g.kind.toLowerCase()] : undefined;
      return {
        ops: [{ op: "update_state", id, patch: { ending: { isEnding: true, ...(outcome ? { outcome } : {}) } } }],
        summary: `make ${named(world, id)} ${outcome ? `a ${outcome === "good" ? "winning" : outcome === "bad" ? "losing" : "neutral"} ` : "an "}ending`,
      };
    },
  },
  {
    id: "start-in",
    syntax: "start in <state>",
    examples: ["start in the Garden", "make Hall the entrance", "let the player start at the hall"],
    ops: ["set_entrance"],
    pattern: form(
      `(?:(?:let |have |make )?(?:the )?(?:player|players|play|game|world|story)? ?(?:should |must )?(?:start|starts|begin|begins|open|opens) (?:in|at|from|on) (?<state>§)|make (?<other>§) the (?:entrance|start|starting (?:state|point)))`,
    ),
    build(g, world) {
      const state = resolveState(world, (g.state ?? g.other)!);
      return { ops: [{ op: "set_entrance", state }], summary: `start in ${named(world, state)}` };
    },
  },
  {
    id: "describe",
    syntax: "describe <state> as <text>",
    examples: ["describe Cellar as 'Cold stone and the smell of apples'", "change the description of the cellar to 'Dust'"],
    ops: ["update_state"],
    pattern: form(`(?:describe (?<state>§) as|(?:change|set) the (?:description|text) of (?<other>§) to) (?<base>§)`),
    build(g, world) {
      const id = resolveState(world, (g.state ?? g.other)!);
      return { ops: [{ op: "update_state", id, patch: { base: prose(g.base)! } }], summary: `describe ${named(world, id)} anew` };
    },
  },
  {
    id: "add-variant",
    syntax: "add a <label> variant to <state> [described as <text>]",
    examples: ["add a rainy variant to Garden", "add a 'night' variant to the hall described as 'Lanterns in the dark'"],
    ops: ["add_variant"],
    pattern: form(`add (?:an? )?(?<label>§) (?:variant|take|version) (?:to|of|for) (?<state>§)(?: (?:described as|showing) (?<base>§))?`),
    build(g, world) {
      const state = resolveState(world, g.state!);
      const label = nameOf(g.label ?? "");
      const base = prose(g.base);
      const id = slugOf(label);
      return {
        ops: [{ op: "add_variant", state, variant: { id, label, ...(base !== undefined ? { base } : {}) } }],
        summary: `add a ${label} variant to ${named(world, state)}`,
      };
    },
  },
  {
    id: "remove-variant",
    syntax: "remove the <label> variant from <state>",
    examples: ["remove the rainy variant from Garden"],
    ops: ["remove_variant"],
    pattern: form(`(?:remove|delete|drop) (?:the )?(?<label>§) (?:variant|take|version) (?:from|of|in) (?<state>§)`),
    build(g, world) {
      const state = resolveState(world, g.state!);
      const id = resolveVariant(world, state, g.label!);
      return { ops: [{ op: "remove_variant", state, id }], summary: `remove the variant ${q(id)} from ${named(world, state)}` };
    },
  },
  {
    id: "remove-event",
    syntax: "remove the event <event> from <state>",
    examples: ["remove the event 'open the gate' from Hall"],
    ops: ["delete_event"],
    pattern: form(`(?:remove|delete|drop) (?:the )?(?:event|action|choice|exit) (?<event>§) (?:from|in|at|on) (?<state>§)`),
    build(g, world) {
      const from = resolveState(world, g.state!);
      const name = resolveEvent(world, from, g.event!);
      return { ops: [{ op: "delete_event", from, name }], summary: `remove the event ${q(name)} from ${named(world, from)}` };
    },
  },
  {
    id: "disconnect",
    syntax: "disconnect <state> from <state>",
    examples: ["disconnect Hall from Garden"],
    ops: ["delete_event"],
    pattern: form(`disconnect (?<from>§) (?:from|and) (?<to>§)`),
    build(g, world) {
      const from = resolveState(world, g.from!);
      const to = resolveState(world, g.to!);
      const names = world.scene.events.filter((e) => e.from === from && e.to === to).map((e) => e.name);
      if (names.length === 0) throw new ApiError("validation_failed", `No event leads from ${named(world, from)} to ${named(world, to)}.`);
      return {
        ops: names.map((name) => ({ op: "delete_event" as const, from, name })),
        summary: `disconnect ${named(world, from)} from ${named(world, to)}`,
      };
    },
  },
  {
    id: "remove-state",
    syntax: "remove <state>",
    examples: ["remove the Cellar", "delete the room 'Attic'"],
    ops: ["delete_state"],
    pattern: form(`(?:remove|delete|drop) (?:the )?(?:${KIND})?(?<state>§)`),
    build(g, world) {
      const id = resolveState(world, g.state!);
      return { ops: [{ op: "delete_state", id }], summary: `remove ${named(world, id)} and the events touching it` };
    },
  },
  {
    id: "set-subject",
    syntax: "set the subject to <image URL | descriptor> [described as <text>]",
    examples: [
      "set the subject to 'a grey wolf with one torn ear'",
      "set the subject to https://example.com/wolf.png described as 'a grey wolf'",
    ],
    ops: ["set_subject_ref"],
    pattern: form(`set (?:the )?subject(?: reference| ref| image)? to (?<target>§)(?: (?:described as|as) (?<descriptor>§))?`),
    build(g, world) {
      const target = prose(g.target)!;
      const descriptor = prose(g.descriptor);
      if (/^https?:\/\/\S+$/i.test(target)) {
        return {
          ops: [{ op: "set_subject_ref", imageUrl: target, ...(descriptor !== undefined ? { descriptor } : {}) }],
          summary: "set the subject's reference image",
        };
      }
      const imageUrl = world.subjectRef?.imageUrl;
      if (!imageUrl)
        throw new ApiError("validation_failed", "This world has no subject image yet; say: set the subject to https://… described as '…'.");
      return { ops: [{ op: "set_subject_ref", imageUrl, descriptor: target }], summary: `set the subject to ${q(target)}` };
    },
  },
];
