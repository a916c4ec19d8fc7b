import { hasState, type Diagnostic, type World } from "@/lib/kernel";

/**
 * Where a diagnostic points in the editor: a state, an event (by index in the world it was
 * computed on), the entrance form, or a world field that lives on the Settings tab. `field` is
 * the inspector's field key (the kernel's path suffix: `camera.static`, `variants[0].base`,
 * `slots.hero`, `to`); empty for findings about a whole state.
 */
export type DiagnosticTarget =
  | { kind: "state"; id: string; field: string }
  | { kind: "event"; index: number; field: string }
  | { kind: "entrance"; field: string }
  | { kind: "settings"; field: string }
  | { kind: "none" };

const STATES = "scene.states.";
const EVENTS = "scene.events[";

/** The state id a `scene.states.<id>…` path names: the longest id that exists (ids may contain dots). */
function stateOfPath(world: World, rest: string): { id: string; field: string } | null {
  let best: { id: string; field: string } | null = null;
  // Candidate ends: every "." and "[" boundary, and the end of the path.
  for (let i = 0; i <= rest.length; i++) {
    if (i < rest.length && rest[i] !== "." && rest[i] !== "[") continue;
    const id = rest.slice(0, i);
    if (id !== "" && hasState(world, id)) best = { id, field: rest.slice(i + (rest[i] === "." ? 1 : 0)) };
  }
  return best;
}

export function resolvePath(world: World, path: string): DiagnosticTarget {
  if (path.startsWith(STATES)) {
    const found = stateOfPath(world, path.slice(STATES.length));
    return found ? { kind: "state", id: found.id, field: found.field } : { kind: "none" };
  }
  if (path.startsWith(EVENTS)) {
    const close = path.indexOf("]", EVENTS.length);
    const index = Number(path.slice(EVENTS.length, close));
    if (close === -1 || !Number.isInteger(index) || world.scene.events[index] === undefined) return { kind: "none" };
    return { kind: "event", index, field: path.slice(close + 2) };
  }
  if (path === "entrance.state" || path.startsWith("entrance.image")) return { kind: "entrance", field: path };
  if (path === "name" || path === "description" || path === "subject" || path === "cover") return { kind: "settings", field: path };
  return { kind: "none" };
}

/** The target of a diagnostic: its `loc.field` when it names one, else its `path`. */
export function resolveDiagnostic(world: World, d: Diagnostic): DiagnosticTarget {
  const target = resolvePath(world, d.loc.field || d.path);
  // No ending reachable: the place to start is the entrance state.
  if (target.kind === "entrance" && d.lint === "ending-unreachable" && hasState(world, world.entrance.state)) {
    return { kind: "state", id: world.entrance.state, field: "" };
  }
  return target;
}

/** Per state id and per event index: the worst error or warning that concerns it (info is left out). */
export interface ProblemMarks {
  states: Map<string, "error" | "warning">;
  events: Map<number, "error" | "warning">;
}

export function problemMarks(world: World, diagnostics: readonly Diagnostic[]): ProblemMarks {
  const states = new Map<string, "error" | "warning">();
  const events = new Map<number, "error" | "warning">();
  for (const d of diagnostics) {
    if (d.severity === "info") break; // errors first, then warnings, then info
    const t = resolvePath(world, d.path);
    const sev = d.severity;
    if (t.kind === "state") {
      if (states.get(t.id) !== "error") states.set(t.id, sev);
    } else if (t.kind === "event") {
      if (events.get(t.index) !== "error") events.set(t.index, sev);
      const from = world.scene.events[t.index]?.from;
      if (from !== undefined && hasState(world, from) && states.get(from) !== "error") states.set(from, sev);
    }
  }
  return { states, events };
}
