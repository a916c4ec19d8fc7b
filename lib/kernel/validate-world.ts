import { buildGraphIndex, hasState, type GraphIndex } from "./graph-index";
import { LINTS, type LintName } from "./lints";
import { parseWorld, type ParseWorldOptions } from "./parse-world";
import { DEFAULT_LIMITS, type Diagnostic, type Limits, type Severity, type Slots, type State, type World } from "./schema";
import { findSlots, type SlotUse } from "./templates";

export interface ValidateOptions {
  /** Defaults to the import limits (500 states, 2000 events). */
  limits?: Partial<Limits>;
  /** Reuse an index the caller already built for this exact world. */
  index?: GraphIndex;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Fail-closed verdict: any error means the world may not persist. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  for (const d of diagnostics) if (d.severity === "error") return true;
  return false;
}

const q = (s: string): string => JSON.stringify(s);

// Blank = empty or whitespace only. The fast path skips `trim` (a copy) on ordinary prose.
function isBlank(s: string): boolean {
  if (s.length === 0) return true;
  const c = s.charCodeAt(0);
  if (c > 32 && c < 127) return false;
  return s.trim().length === 0;
}

/** Whether uses[u] repeats an earlier slot of the same field (fields hold few slots). */
function isRepeat(uses: readonly SlotUse[], u: number): boolean {
  const slot = (uses[u] as SlotUse).slot;
  for (let k = 0; k < u; k++) if ((uses[k] as SlotUse).slot === slot) return true;
  return false;
}

interface FillScope {
  slots: Slots | undefined;
  /** Path prefix of `slots`, e.g. `scene.states.s1.slots`. */
  path: string;
  used: Set<string>;
}

/**
 * The gate. Assumes a world that already passed `ZWorld` (the API parses once); it does not
 * re-run zod so that a maximal world stays within a few milliseconds. Use `checkWorld` for
 * untrusted input. Diagnostics come errors first, then warnings, then info, each in document
 * order.
 */
export function validateWorld(world: World, options: ValidateOptions = {}): Diagnostic[] {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const index = options.index ?? buildGraphIndex(world);
  const out: Diagnostic[] = [];
  const states = world.scene.states;
  const events = world.scene.events;

  const report = (lint: LintName, path: string, message: string, field = path, template = "", slot = "", fill = ""): void => {
    const meta = LINTS[lint];
    out.push({ lint, code: meta.code, severity: meta.severity, path, message, loc: { field, template, slot, fill } });
  };

  const worldScope: FillScope = { slots: world.slots, path: "slots", used: new Set() };
  const stateScopes = new Map<string, FillScope>();

  // One pass over a prose field: blank check plus template slots. `inner` is the state scope.
  // The field path is `prefix + suffix`, joined only when something is reported.
  const scanProse = (
    text: string,
    prefix: string,
    suffix: string,
    blankLint: "prose-empty" | "optional-prose-empty",
    inner: FillScope | undefined,
  ): void => {
    if (isBlank(text)) {
      const field = prefix + suffix;
      report(blankLint, field, `${field} is empty`);
      return;
    }
    const uses = findSlots(text);
    if (uses.length === 0) return;
    const field = prefix + suffix;
    for (let u = 0; u < uses.length; u++) {
      const slot = (uses[u] as SlotUse).slot;
      if (u > 0 && isRepeat(uses, u)) continue;
      let scope: FillScope | undefined;
      if (inner?.slots !== undefined && Object.prototype.hasOwnProperty.call(inner.slots, slot)) scope = inner;
      else if (worldScope.slots !== undefined && Object.prototype.hasOwnProperty.call(worldScope.slots, slot)) scope = worldScope;
      if (scope === undefined) {
        report("slot-unfilled", field, `${field} uses {${slot}} but no fill provides it`, field, text, slot, "");
        continue;
      }
      scope.used.add(slot);
      const value = (scope.slots as Slots)[slot] as string;
      const fillPath = `${scope.path}.${slot}`;
      if (isBlank(value))
        report("fill-empty", field, `${field} uses {${slot}} whose fill ${fillPath} is empty`, field, text, slot, fillPath);
    }
  };

  // Limits first: they are the cheapest reason to refuse.
  if (index.stateIds.length > limits.maxStates) {
    report("too-many-states", "scene.states", `${index.stateIds.length} states exceed the limit of ${limits.maxStates}`);
  }
  if (events.length > limits.maxEvents) {
    report("too-many-events", "scene.events", `${events.length} events exceed the limit of ${limits.maxEvents}`);
  }

  // World-level fields.
  if (isBlank(world.name)) report("required-empty", "name", "name is empty");
  scanProse(world.description, "", "description", "optional-prose-empty", undefined);
  scanProse(world.subject, "", "subject", "optional-prose-empty", undefined);
  if (!index.entranceValid) {
    const s = world.entrance.state;
    report("entrance-missing", "entrance.state", isBlank(s) ? "entrance.state is empty" : `entrance.state ${q(s)} names no state`);
  }
  if (isBlank(world.entrance.image.src)) report("entrance-image-empty", "entrance.image.src", "entrance.image.src is empty");
  scanProse(world.entrance.image.label, "", "entrance.image.label", "optional-prose-empty", undefined);

  // States.
  let endingReachable = false;
  for (const key of index.stateIds) {
    const state = states[key] as State;
    const p = `scene.states.${key}`;
    let scope: FillScope | undefined;
    if (state.slots !== undefined) {
      scope = { slots: state.slots, path: `${p}.slots`, used: new Set() };
      stateScopes.set(key, scope);
    }
    if (isBlank(state.id)) report("required-empty", `${p}.id`, `${p}.id is empty`);
    else if (state.id !== key) report("state-key-mismatch", `${p}.id`, `state stored under ${q(key)} has id ${q(state.id)}`);

    scanProse(state.base, p, ".base", "prose-empty", scope);
    scanProse(state.camera.static, p, ".camera.static", "prose-empty", scope);
    scanProse(state.camera.dynamic, p, ".camera.dynamic", "prose-empty", scope);
    scanProse(state.movement.static, p, ".movement.static", "prose-empty", scope);
    scanProse(state.movement.dynamic, p, ".movement.dynamic", "prose-empty", scope);
    for (let i = 0; i < state.ambient.length; i++) {
      scanProse(state.ambient[i] as string, p, `.ambient[${i}]`, "optional-prose-empty", scope);
    }

    const ending = state.ending.isEnding === true;
    if (ending) {
      scanProse(state.ending.title ?? "", p, ".ending.title", "optional-prose-empty", scope);
      scanProse(state.ending.text ?? "", p, ".ending.text", "optional-prose-empty", scope);
    }

    if (state.variants.length > 0) {
      const ids = new Set<string>();
      for (let i = 0; i < state.variants.length; i++) {
        const v = state.variants[i];
        if (v === undefined) continue;
        const vp = `${p}.variants[${i}]`;
        if (isBlank(v.id)) report("required-empty", `${vp}.id`, `${vp}.id is empty`);
        else if (ids.has(v.id)) report("variant-id-duplicate", `${vp}.id`, `variant id ${q(v.id)} is used twice in state ${q(key)}`);
        ids.add(v.id);
        if (v.base !== undefined) scanProse(v.base, vp, ".base", "optional-prose-empty", scope);
      }
    }

    const exits = index.outTransitions.get(key)?.length ?? 0;
    const reachable = index.reachable.has(key);
    if (index.entranceValid && !reachable) {
      report("state-unreachable", p, `state ${q(key)} cannot be reached from the entrance`, "");
    }
    if (ending) {
      if (reachable) endingReachable = true;
      if (exits > 0) report("ending-has-exits", p, `ending state ${q(key)} has ${exits} outgoing transition(s)`, "");
    } else if (exits === 0) {
      report("dead-end", p, `state ${q(key)} is not an ending and has no outgoing transition`, "");
    }
  }
  if (index.entranceValid && !endingReachable) {
    const message =
      index.endings.length === 0
        ? "the world has no ending state (ending.isEnding: true)"
        : `no ending state is reachable from entrance ${q(world.entrance.state)}`;
    report("ending-unreachable", "entrance.state", message);
  }

  // Events. Identity is (from, name); hotkeys are per source state.
  // Per-source maps avoid building a composite string key for each of 2000 events.
  const names = new Map<string, Map<string, number>>();
  const hotkeys = new Map<string, Map<string, number>>();
  const perFrom = (m: Map<string, Map<string, number>>, from: string): Map<string, number> => {
    let inner = m.get(from);
    if (inner === undefined) m.set(from, (inner = new Map()));
    return inner;
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e === undefined) continue;
    const p = `scene.events[${i}]`;
    const fromKnown = !isBlank(e.from) && hasState(world, e.from);
    if (isBlank(e.from)) report("required-empty", `${p}.from`, `${p}.from is empty`);
    else if (!fromKnown) report("event-from-unknown", `${p}.from`, `event ${q(e.name)} comes from ${q(e.from)}, which names no state`);

    if (e.to !== undefined) {
      if (isBlank(e.to)) {
        report("event-shape", `${p}.to`, `event ${q(e.name)} has an empty to; omit to for an override`);
      } else {
        if (!hasState(world, e.to))
          report("event-to-unknown", `${p}.to`, `transition ${q(e.name)} goes to ${q(e.to)}, which names no state`);
        if (e.to === e.from) report("transition-self-loop", `${p}.to`, `transition ${q(e.name)} leads back to its own state ${q(e.from)}`);
      }
      if (e.kind === "override") report("event-shape", `${p}.to`, `override ${q(e.name)} must not carry to`);
    } else if (e.kind === "transition") {
      report("event-shape", `${p}.to`, `transition ${q(e.name)} has no to`);
    }

    if (isBlank(e.name)) {
      report("required-empty", `${p}.name`, `${p}.name is empty`);
    } else {
      const seen = perFrom(names, e.from);
      const first = seen.get(e.name);
      if (first === undefined) seen.set(e.name, i);
      else report("event-name-duplicate", `${p}.name`, `event ${q(e.name)} from ${q(e.from)} duplicates scene.events[${first}]`);
    }

    if (isBlank(e.hotkey)) {
      report("hotkey-empty", `${p}.hotkey`, `event ${q(e.name)} has no hotkey`);
    } else {
      const seen = perFrom(hotkeys, e.from);
      const k = e.hotkey.trim().toLowerCase();
      const first = seen.get(k);
      if (first === undefined) seen.set(k, i);
      else report("hotkey-duplicate", `${p}.hotkey`, `hotkey ${q(e.hotkey)} from ${q(e.from)} is already used by scene.events[${first}]`);
    }

    const scope = fromKnown ? stateScopes.get(e.from) : undefined;
    scanProse(e.base, p, ".base", "prose-empty", scope);
    scanProse(e.detail, p, ".detail", "optional-prose-empty", scope);
  }

  // Fills nothing used; only known after every template has been scanned.
  const reportUnused = (scope: FillScope): void => {
    if (scope.slots === undefined) return;
    for (const slot of Object.keys(scope.slots)) {
      if (scope.used.has(slot)) continue;
      const fillPath = `${scope.path}.${slot}`;
      report("fill-unused", fillPath, `fill ${fillPath} is not used by any template`, fillPath, "", slot, fillPath);
    }
  };
  reportUnused(worldScope);
  for (const scope of stateScopes.values()) reportUnused(scope);

  // Stable sort keeps document order within a severity.
  return out.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

export interface CheckWorldResult {
  /** Schema-valid and no error diagnostics: may persist. */
  ok: boolean;
  /** The parsed world (unknown properties kept), or null when the schema failed. */
  world: World | null;
  /** Field-level schema messages for a 422 `errors` list; empty when the schema passed. */
  errors: string[];
  /** Gate findings; on a schema failure, one `schema-invalid` error per schema message. */
  diagnostics: Diagnostic[];
}

/** Untrusted input → schema check, then the gate (for import and `POST /v1/validate`). */
export function checkWorld(input: unknown, options: ValidateOptions & ParseWorldOptions = {}): CheckWorldResult {
  const parsed = parseWorld(input, options);
  if (!parsed.ok) {
    const meta = LINTS["schema-invalid"];
    const diagnostics = parsed.errors.map((message): Diagnostic => {
      const cut = message.indexOf(": ");
      const head = cut === -1 ? "" : message.slice(0, cut);
      const path = head === "(root)" ? "" : head;
      return {
        lint: "schema-invalid",
        code: meta.code,
        severity: meta.severity,
        path,
        message,
        loc: { field: path, template: "", slot: "", fill: "" },
      };
    });
    return { ok: false, world: null, errors: parsed.errors, diagnostics };
  }
  const diagnostics = validateWorld(parsed.world, options);
  return { ok: !hasErrors(diagnostics), world: parsed.world, errors: [], diagnostics };
}
