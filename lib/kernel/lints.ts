import type { Severity } from "./schema";

// The lint catalogue. Names and codes are a public surface (API diagnostics, docs/lints.md,
// the editor's problems panel): never reuse or renumber one; retire it instead.
export const LINTS = {
  "schema-invalid": {
    code: "E000",
    severity: "error",
    doc: "The input does not match the SMWorld schema (wrong type or missing field); reported by `checkWorld` before any graph rule.",
  },
  "entrance-missing": {
    code: "E001",
    severity: "error",
    doc: "`entrance.state` is empty or names no state.",
  },
  "state-key-mismatch": {
    code: "E002",
    severity: "error",
    doc: "A state is stored under a key of `scene.states` that differs from its `id`.",
  },
  "event-from-unknown": {
    code: "E003",
    severity: "error",
    doc: "An event's `from` names no state.",
  },
  "event-to-unknown": {
    code: "E004",
    severity: "error",
    doc: "A transition's `to` names no state.",
  },
  "event-shape": {
    code: "E005",
    severity: "error",
    doc: 'A transition without a target (`kind: "transition"` without `to`, or an empty `to`), or an override (`kind: "override"`) that carries `to`.',
  },
  "event-name-duplicate": {
    code: "E006",
    severity: "error",
    doc: "Two events from one state share a `name`; events are identified by `(from, name)`.",
  },
  "hotkey-duplicate": {
    code: "E007",
    severity: "error",
    doc: "Two events from one state share a hotkey (compared trimmed and case-insensitively).",
  },
  "required-empty": {
    code: "E008",
    severity: "error",
    doc: "A required string is empty or blank: the world's `name`, a state's `id`, an event's `from` or `name`, a variant's `id`.",
  },
  "too-many-states": {
    code: "E009",
    severity: "error",
    doc: "The world has more states than the limit (default 500).",
  },
  "too-many-events": {
    code: "E010",
    severity: "error",
    doc: "The world has more events than the limit (default 2000).",
  },
  "variant-id-duplicate": {
    code: "E011",
    severity: "error",
    doc: "Two variants of one state share an `id`.",
  },
  "state-unreachable": {
    code: "W001",
    severity: "warning",
    doc: "No chain of transitions leads from the entrance to this state.",
  },
  "ending-unreachable": {
    code: "W002",
    severity: "warning",
    doc: "No ending state (`ending.isEnding: true`) is reachable from the entrance, so the world cannot be finished.",
  },
  "dead-end": {
    code: "W003",
    severity: "warning",
    doc: "A state that is not an ending has no outgoing transition (overrides play in place and are no way out).",
  },
  "ending-has-exits": {
    code: "W004",
    severity: "warning",
    doc: "An ending state has outgoing transitions, so the story does not end there.",
  },
  "prose-empty": {
    code: "W005",
    severity: "warning",
    doc: "A prose field the renderer needs is blank: a state's `base`, `camera.static`, `camera.dynamic`, `movement.static`, `movement.dynamic`, or an event's `base`.",
  },
  "slot-unfilled": {
    code: "W006",
    severity: "warning",
    doc: "A `{slot}` placeholder in a prose field that no fill provides (the state's `slots`, then the world's `slots`).",
  },
  "fill-empty": {
    code: "W007",
    severity: "warning",
    doc: "A template uses a fill whose value is blank.",
  },
  "entrance-image-empty": {
    code: "W008",
    severity: "warning",
    doc: "`entrance.image.src` is blank, so the player has no opening frame.",
  },
  "optional-prose-empty": {
    code: "I001",
    severity: "info",
    doc: "An optional prose field is blank: the world's `description` or `subject`, `entrance.image.label`, an event's `detail`, an `ambient` line, a variant's `base`, or an ending's `title`/`text`.",
  },
  "hotkey-empty": {
    code: "I002",
    severity: "info",
    doc: "An event has no hotkey, so a player can only click it.",
  },
  "fill-unused": {
    code: "I003",
    severity: "info",
    doc: "A fill that no template in its scope uses.",
  },
  "transition-self-loop": {
    code: "I004",
    severity: "info",
    doc: "A transition whose `to` is its own `from`; an override plays in place without re-entering the state.",
  },
} as const satisfies Record<string, { code: string; severity: Severity; doc: string }>;

export type LintName = keyof typeof LINTS;

export interface LintMeta {
  name: LintName;
  code: string;
  severity: Severity;
  doc: string;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The catalogue as a list (errors, warnings, info; each by code), for docs and the editor. */
export function listLints(): LintMeta[] {
  return (Object.keys(LINTS) as LintName[])
    .map((name): LintMeta => ({ name, ...LINTS[name] }))
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
