// The lint cases validate-world.test.ts runs: for every lint of the catalogue (lints.ts), worlds
// that must trigger it (with the path of the first finding) and near misses that must not.
import { makeEvent, makeLargeWorld, makeSmallWorld, makeState } from "./fixtures";
import type { LintName } from "./lints";
import type { World } from "./schema";
import type { ValidateOptions } from "./validate-world";

const clone = (w: World): World => structuredClone(w);
export const edit = (f: (w: World) => void): World => {
  const w = clone(makeSmallWorld());
  f(w);
  return w;
};

export interface LintCase {
  lint: LintName;
  /** Worlds that must trigger the lint, with the expected path of the first finding. */
  triggers: { name: string; world: () => World; path: string; options?: ValidateOptions }[];
  /** A near miss: similar worlds that must not trigger it. */
  clean: { name: string; world: () => World; options?: ValidateOptions }[];
}

export const LINT_CASES: LintCase[] = [
  {
    lint: "entrance-missing",
    triggers: [
      { name: "unknown state", world: () => edit((w) => (w.entrance.state = "nope")), path: "entrance.state" },
      { name: "empty", world: () => edit((w) => (w.entrance.state = "")), path: "entrance.state" },
      { name: "prototype name", world: () => edit((w) => (w.entrance.state = "constructor")), path: "entrance.state" },
    ],
    clean: [{ name: "another existing state", world: () => edit((w) => (w.entrance.state = "b")) }],
  },
  {
    lint: "state-key-mismatch",
    triggers: [
      {
        name: "id differs from key",
        world: () => edit((w) => ((w.scene.states.b as { id: string }).id = "bee")),
        path: "scene.states.b.id",
      },
    ],
    clean: [{ name: "matching ids", world: makeSmallWorld }],
  },
  {
    lint: "event-from-unknown",
    triggers: [
      {
        name: "unknown from",
        world: () => edit((w) => ((w.scene.events[0] as { from: string }).from = "zzz")),
        path: "scene.events[0].from",
      },
    ],
    clean: [{ name: "known from", world: () => edit((w) => w.scene.events.push(makeEvent("b", "look", undefined, "q"))) }],
  },
  {
    lint: "event-to-unknown",
    triggers: [
      { name: "unknown to", world: () => edit((w) => ((w.scene.events[0] as { to?: string }).to = "zzz")), path: "scene.events[0].to" },
    ],
    clean: [{ name: "override without to", world: () => edit((w) => delete (w.scene.events[0] as { to?: string }).to) }],
  },
  {
    lint: "event-shape",
    triggers: [
      {
        name: "transition marker without to",
        world: () => edit((w) => ((w.scene.events[1] as { kind?: string }).kind = "transition")),
        path: "scene.events[1].to",
      },
      {
        name: "override marker with to",
        world: () => edit((w) => ((w.scene.events[0] as { kind?: string }).kind = "override")),
        path: "scene.events[0].to",
      },
      { name: "empty to", world: () => edit((w) => ((w.scene.events[0] as { to?: string }).to = "")), path: "scene.events[0].to" },
    ],
    clean: [
      { name: "override marker without to", world: () => edit((w) => ((w.scene.events[1] as { kind?: string }).kind = "override")) },
      { name: "transition marker with to", world: () => edit((w) => ((w.scene.events[0] as { kind?: string }).kind = "transition")) },
    ],
  },
  {
    lint: "event-name-duplicate",
    triggers: [
      {
        name: "same name from one state",
        world: () => edit((w) => w.scene.events.push(makeEvent("a", "go", "end", "2"))),
        path: "scene.events[3].name",
      },
    ],
    clean: [{ name: "same name from another state", world: () => edit((w) => w.scene.events.push(makeEvent("b", "go", "a", "2"))) }],
  },
  {
    lint: "hotkey-duplicate",
    triggers: [
      {
        name: "same hotkey from one state",
        world: () => edit((w) => w.scene.events.push(makeEvent("a", "run", "end", "1"))),
        path: "scene.events[3].hotkey",
      },
      {
        name: "case and spaces ignored",
        world: () => edit((w) => w.scene.events.push(makeEvent("a", "peek", undefined, " Q "))),
        path: "scene.events[3].hotkey",
      },
    ],
    clean: [
      { name: "same hotkey from another state", world: () => edit((w) => w.scene.events.push(makeEvent("b", "peek", undefined, "q"))) },
    ],
  },
  {
    lint: "required-empty",
    triggers: [
      { name: "blank world name", world: () => edit((w) => (w.name = "  ")), path: "name" },
      {
        name: "empty event name",
        world: () => edit((w) => ((w.scene.events[1] as { name: string }).name = "")),
        path: "scene.events[1].name",
      },
      {
        name: "empty event from",
        world: () => edit((w) => ((w.scene.events[1] as { from: string }).from = "")),
        path: "scene.events[1].from",
      },
      { name: "empty state id", world: () => edit((w) => ((w.scene.states.b as { id: string }).id = "")), path: "scene.states.b.id" },
      {
        name: "empty variant id",
        world: () => edit((w) => w.scene.states.a?.variants.push({ id: "" })),
        path: "scene.states.a.variants[0].id",
      },
    ],
    clean: [{ name: "all required strings set", world: makeSmallWorld }],
  },
  {
    lint: "too-many-states",
    triggers: [
      { name: "over a custom limit", world: makeSmallWorld, path: "scene.states", options: { limits: { maxStates: 2 } } },
      { name: "over the default 500", world: () => makeLargeWorld({ states: 501, events: 600, proseChars: 20 }), path: "scene.states" },
    ],
    clean: [
      { name: "at a custom limit", world: makeSmallWorld, options: { limits: { maxStates: 3 } } },
      { name: "at the default 500", world: () => makeLargeWorld({ states: 500, events: 600, proseChars: 20 }) },
    ],
  },
  {
    lint: "too-many-events",
    triggers: [
      { name: "over a custom limit", world: makeSmallWorld, path: "scene.events", options: { limits: { maxEvents: 2 } } },
      { name: "over the default 2000", world: () => makeLargeWorld({ states: 600, events: 2001, proseChars: 20 }), path: "scene.events" },
    ],
    clean: [
      { name: "at a custom limit", world: makeSmallWorld, options: { limits: { maxEvents: 3 } } },
      { name: "at the default 2000", world: () => makeLargeWorld({ states: 600, events: 2000, proseChars: 20 }) },
    ],
  },
  {
    lint: "variant-id-duplicate",
    triggers: [
      {
        name: "same id twice in one state",
        world: () => edit((w) => w.scene.states.a?.variants.push({ id: "x", base: "one" }, { id: "x", base: "two" })),
        path: "scene.states.a.variants[1].id",
      },
    ],
    clean: [
      {
        name: "same id in two states",
        world: () =>
          edit((w) => {
            w.scene.states.a?.variants.push({ id: "x", base: "one" });
            w.scene.states.b?.variants.push({ id: "x", base: "two" });
          }),
      },
    ],
  },
  {
    lint: "state-unreachable",
    triggers: [
      {
        name: "no transition leads in",
        world: () =>
          edit((w) => {
            w.scene.states.c = makeState("c");
            w.scene.events.push(makeEvent("c", "exit", "end", "1"));
          }),
        path: "scene.states.c",
      },
      {
        name: "only an override points at it",
        world: () =>
          edit((w) => {
            w.scene.states.c = makeState("c");
            w.scene.events.push(makeEvent("c", "exit", "end", "1"), makeEvent("c", "wait", undefined, "w"));
          }),
        path: "scene.states.c",
      },
    ],
    clean: [
      {
        name: "linked from a reachable state",
        world: () =>
          edit((w) => {
            w.scene.states.c = makeState("c");
            w.scene.events.push(makeEvent("c", "exit", "end", "1"), makeEvent("a", "detour", "c", "2"));
          }),
      },
    ],
  },
  {
    lint: "ending-unreachable",
    triggers: [
      { name: "no ending at all", world: () => edit((w) => (w.scene.states.end!.ending = { isEnding: false })), path: "entrance.state" },
      {
        name: "ending cut off",
        world: () =>
          edit((w) => {
            w.scene.events.splice(2, 1);
            w.scene.events.push(makeEvent("b", "back", "a", "1"));
          }),
        path: "entrance.state",
      },
    ],
    clean: [{ name: "ending reachable", world: makeSmallWorld }],
  },
  {
    lint: "dead-end",
    triggers: [
      { name: "no exit", world: () => edit((w) => w.scene.events.splice(2, 1)), path: "scene.states.b" },
      {
        name: "only overrides",
        world: () =>
          edit((w) => {
            w.scene.events.splice(2, 1);
            w.scene.events.push(makeEvent("b", "wait", undefined, "w"));
          }),
        path: "scene.states.b",
      },
    ],
    clean: [{ name: "endings need no exit", world: makeSmallWorld }],
  },
  {
    lint: "ending-has-exits",
    triggers: [
      {
        name: "transition out of an ending",
        world: () => edit((w) => w.scene.events.push(makeEvent("end", "again", "a", "1"))),
        path: "scene.states.end",
      },
    ],
    clean: [{ name: "override on an ending", world: () => edit((w) => w.scene.events.push(makeEvent("end", "bow", undefined, "b"))) }],
  },
  {
    lint: "prose-empty",
    triggers: [
      { name: "state base", world: () => edit((w) => (w.scene.states.a!.base = "")), path: "scene.states.a.base" },
      {
        name: "camera.dynamic",
        world: () => edit((w) => (w.scene.states.b!.camera.dynamic = " \n")),
        path: "scene.states.b.camera.dynamic",
      },
      {
        name: "movement.static",
        world: () => edit((w) => (w.scene.states.b!.movement.static = "")),
        path: "scene.states.b.movement.static",
      },
      {
        name: "event base",
        world: () => edit((w) => ((w.scene.events[1] as { base: string }).base = "\u00a0")),
        path: "scene.events[1].base",
      },
    ],
    clean: [{ name: "event detail is optional prose", world: () => edit((w) => ((w.scene.events[1] as { detail: string }).detail = "")) }],
  },
  {
    lint: "slot-unfilled",
    triggers: [
      { name: "state prose", world: () => edit((w) => (w.scene.states.a!.base = "{who} waits")), path: "scene.states.a.base" },
      {
        name: "event prose",
        world: () => edit((w) => ((w.scene.events[0] as { base: string }).base = "{who} walks")),
        path: "scene.events[0].base",
      },
      {
        name: "fill of another state",
        world: () =>
          edit((w) => {
            w.scene.states.b!.slots = { who: "Bo" };
            w.scene.states.b!.base = "{who} is here";
            w.scene.states.a!.base = "{who} waits";
          }),
        path: "scene.states.a.base",
      },
      { name: "world prose", world: () => edit((w) => (w.description = "about {who}")), path: "description" },
    ],
    clean: [
      {
        name: "world fill",
        world: () =>
          edit((w) => {
            w.slots = { who: "Al" };
            w.scene.states.a!.base = "{who} waits";
            w.description = "about {who}";
          }),
      },
      {
        name: "state fill reaches its events",
        world: () =>
          edit((w) => {
            w.scene.states.a!.slots = { who: "Al" };
            (w.scene.events[0] as { base: string }).base = "{who} walks";
          }),
      },
      { name: "braces that are not slots", world: () => edit((w) => (w.scene.states.a!.base = 'a { b } {1x} {} {a b} json {"k": 1}')) },
    ],
  },
  {
    lint: "fill-empty",
    triggers: [
      {
        name: "blank world fill",
        world: () =>
          edit((w) => {
            w.slots = { who: " " };
            w.scene.states.a!.base = "{who} waits";
          }),
        path: "scene.states.a.base",
      },
    ],
    clean: [
      {
        name: "state fill shadows a blank world fill",
        world: () =>
          edit((w) => {
            w.slots = { who: " " };
            w.scene.states.a!.slots = { who: "Al" };
            w.scene.states.a!.base = "{who} waits";
          }),
      },
    ],
  },
  {
    lint: "entrance-image-empty",
    triggers: [{ name: "no src", world: () => edit((w) => (w.entrance.image.src = "")), path: "entrance.image.src" }],
    clean: [{ name: "src set", world: makeSmallWorld }],
  },
  {
    lint: "optional-prose-empty",
    triggers: [
      { name: "description", world: () => edit((w) => (w.description = "")), path: "description" },
      {
        name: "event detail",
        world: () => edit((w) => ((w.scene.events[1] as { detail: string }).detail = "")),
        path: "scene.events[1].detail",
      },
      { name: "ending text", world: () => edit((w) => delete w.scene.states.end!.ending.text), path: "scene.states.end.ending.text" },
      { name: "ambient line", world: () => edit((w) => w.scene.states.a!.ambient.push("")), path: "scene.states.a.ambient[1]" },
    ],
    clean: [{ name: "ending prose of a plain state is not needed", world: makeSmallWorld }],
  },
  {
    lint: "hotkey-empty",
    triggers: [
      {
        name: "no hotkey",
        world: () => edit((w) => ((w.scene.events[1] as { hotkey: string }).hotkey = "")),
        path: "scene.events[1].hotkey",
      },
    ],
    clean: [{ name: "hotkey set", world: makeSmallWorld }],
  },
  {
    lint: "fill-unused",
    triggers: [
      { name: "world fill", world: () => edit((w) => (w.slots = { spare: "x" })), path: "slots.spare" },
      { name: "state fill", world: () => edit((w) => (w.scene.states.b!.slots = { spare: "x" })), path: "scene.states.b.slots.spare" },
    ],
    clean: [
      {
        name: "used by an event of the state",
        world: () =>
          edit((w) => {
            w.scene.states.b!.slots = { spare: "x" };
            (w.scene.events[2] as { detail: string }).detail = "with {spare}";
          }),
      },
    ],
  },
  {
    lint: "transition-self-loop",
    triggers: [
      {
        name: "to equals from",
        world: () => edit((w) => w.scene.events.push(makeEvent("a", "again", "a", "2"))),
        path: "scene.events[3].to",
      },
    ],
    clean: [{ name: "override in place", world: () => edit((w) => w.scene.events.push(makeEvent("a", "again", undefined, "2"))) }],
  },
];
