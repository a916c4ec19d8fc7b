import {
  applyOps,
  buildGraphIndex,
  getState,
  hasErrors,
  hasState,
  validateWorld,
  type Diagnostic,
  type Event,
  type GraphIndex,
  type World,
} from "@/lib/kernel";
import type { ClipSpec } from "./requests";

/*
 * Planning a clip: pure graph algebra over the kernel, no I/O. A clip starts in `from` and takes
 * each event of `path` by name from the state it is in (kernel semantics: a transition moves to
 * its `to`, an override plays in place so the state repeats as a step). A counterfactual first
 * rewrites one event of the path for this clip only (the kernel's `update_event`), and the gate
 * judges the rewritten graph. The API calls this at submit time, so a bad plan is refused before
 * any batch exists.
 */

export interface ClipStep {
  stateId: string;
  /** The event name taken to get here; null for `from`. */
  via: string | null;
  /** The event taken, as it is in the clip's own graph (the counterfactual's text when replaced). */
  event?: Event;
  /** True on the step the counterfactual's rewritten event leads to. */
  replaced?: boolean;
}

export interface ClipPlan {
  /** The clip's own graph: the counterfactual applied (the input world itself for a variation). */
  world: World;
  /** `from`, then one step per path event. */
  steps: ClipStep[];
}

export type PlanResult = { ok: true; plan: ClipPlan } | { ok: false; reason: string; diagnostics?: Diagnostic[] };

const q = (s: string): string => JSON.stringify(s);

type Walk = { ok: true; steps: ClipStep[] } | { ok: false; reason: string };

/** Walks `path` (its first `count` events) from `from`; every event must leave the state the walk is in. */
function walkPath(world: World, index: GraphIndex, from: string, path: readonly string[], count: number, replacedAt = -1): Walk {
  const steps: ClipStep[] = [{ stateId: from, via: null }];
  let at = from;
  for (let i = 0; i < count; i++) {
    const name = path[i] as string;
    let taken: Event | undefined;
    for (const e of index.outEvents.get(at) ?? []) {
      const event = world.scene.events[e] as Event;
      if (event.name === name) {
        taken = event;
        break;
      }
    }
    if (taken === undefined) return { ok: false, reason: `path[${i}]: no event ${q(name)} leaves ${q(at)}` };
    const next = taken.to ?? at;
    if (!hasState(world, next)) return { ok: false, reason: `path[${i}]: ${q(name)} leads to ${q(next)}, which is no state` };
    steps.push(i === replacedAt ? { stateId: next, via: name, event: taken, replaced: true } : { stateId: next, via: name, event: taken });
    at = next;
  }
  return { ok: true, steps };
}

const diagnosticKey = (d: Diagnostic): string => `${d.lint}\u0000${d.path}\u0000${d.message}`;

/** The counterfactual's graph, or why the gate refuses it. Only errors the rewrite introduced count. */
function applyCounterfactual(
  world: World,
  from: string,
  replace: NonNullable<ClipSpec["replace"]>,
): { ok: true; world: World } | { ok: false; reason: string; diagnostics: Diagnostic[] } {
  const patch: { base: string; to?: string } = { base: replace.with.base };
  if (replace.with.to !== undefined) patch.to = replace.with.to;
  const applied = applyOps(world, [{ op: "update_event", from, name: replace.event, patch }]);
  if (applied.applyErrors.length > 0)
    return { ok: false, reason: `the counterfactual cannot apply: ${applied.applyErrors.join("; ")}`, diagnostics: [] };
  const diagnostics = validateWorld(applied.world);
  if (!hasErrors(diagnostics)) return { ok: true, world: applied.world };
  const before = new Set(validateWorld(world).map(diagnosticKey));
  const introduced = diagnostics.filter((d) => d.severity === "error" && !before.has(diagnosticKey(d)));
  if (introduced.length === 0) return { ok: true, world: applied.world };
  return {
    ok: false,
    reason: `the counterfactual graph fails the gate: ${introduced.map((d) => `${d.code} ${d.message}`).join("; ")}`,
    diagnostics: introduced,
  };
}

/** Plans one clip: the graph it plays in and the states it walks, or a reason it cannot. */
export function planClip(world: World, spec: ClipSpec): PlanResult {
  if (!hasState(world, spec.from)) return { ok: false, reason: `from: ${q(spec.from)} is no state of the world` };
  if (spec.expect?.reach !== undefined && !hasState(world, spec.expect.reach)) {
    return { ok: false, reason: `expect.reach: ${q(spec.expect.reach)} is no state of the world` };
  }
  const path = spec.path ?? [];
  let clipWorld = world;
  let replacedAt = -1;
  if (spec.replace) {
    replacedAt = path.indexOf(spec.replace.event);
    if (replacedAt === -1) return { ok: false, reason: `replace.event: ${q(spec.replace.event)} is not on the path` };
    const to = spec.replace.with.to;
    if (to !== undefined && !hasState(world, to)) return { ok: false, reason: `replace.with.to: ${q(to)} is no state of the world` };
    // Up to the replaced event the clip's graph and the world agree: walk there to learn which event (from, name) it is.
    const prefix = walkPath(world, buildGraphIndex(world), spec.from, path, replacedAt + 1);
    if (!prefix.ok) return prefix;
    const at = (prefix.steps[replacedAt] as ClipStep).stateId;
    const rewritten = applyCounterfactual(world, at, spec.replace);
    if (!rewritten.ok) return rewritten;
    clipWorld = rewritten.world;
  }
  const walk = walkPath(clipWorld, buildGraphIndex(clipWorld), spec.from, path, path.length, replacedAt);
  if (!walk.ok) return walk;
  const variant = spec.apply?.variant;
  if (variant !== undefined && !walk.steps.some((s) => getState(clipWorld, s.stateId)?.variants.some((v) => v.id === variant))) {
    return {
      ok: false,
      reason: `apply.variant: no state on the path (${walk.steps.map((s) => q(s.stateId)).join(", ")}) has a variant ${q(variant)}`,
    };
  }
  return { ok: true, plan: { world: clipWorld, steps: walk.steps } };
}

/** Plans every clip of a batch; the first refusal names its clip index (`clips[3]: …`). */
export function planClips(
  world: World,
  specs: readonly ClipSpec[],
): { ok: true; plans: ClipPlan[] } | { ok: false; index: number; reason: string; diagnostics?: Diagnostic[] } {
  const plans: ClipPlan[] = [];
  for (let i = 0; i < specs.length; i++) {
    const result = planClip(world, specs[i] as ClipSpec);
    if (!result.ok)
      return {
        ok: false,
        index: i,
        reason: `clips[${i}]: ${result.reason}`,
        ...(result.diagnostics ? { diagnostics: result.diagnostics } : {}),
      };
    plans.push(result.plan);
  }
  return { ok: true, plans };
}
