import { applyOps } from "./apply-ops";
import { getState } from "./graph-index";
import type { Op } from "./ops";
import type { Event, State, World } from "./schema";

/**
 * Undo for op batches: the ops that take the world after `ops` back to `world`, computed
 * before the batch is sent. Each op is inverted against the world it applies to (ops of one
 * batch see each other's effects), and the inverses run in reverse order.
 *
 * What ops cannot write cannot come back: unknown (extension) properties of a deleted state
 * or event, such as a generated `state.image`, and the position of a re-added state or event
 * in document order. `lostOnUndo` says when a batch would lose such properties.
 */

const KNOWN_STATE_KEYS = new Set(["id", "base", "camera", "movement", "ambient", "ending", "variants", "slots"]);
const KNOWN_EVENT_KEYS = new Set(["from", "to", "name", "base", "detail", "hotkey", "kind"]);

function findEvent(world: World, from: string, name: string): Event | undefined {
  return world.scene.events.find((e) => e.from === from && e.name === name);
}

function addStateOp(s: State): Op {
  const ending: { isEnding?: boolean; outcome?: "good" | "bad" | "neutral"; title?: string; text?: string } = {};
  if (s.ending.isEnding !== undefined) ending.isEnding = s.ending.isEnding;
  if (s.ending.outcome !== undefined) ending.outcome = s.ending.outcome;
  if (s.ending.title !== undefined) ending.title = s.ending.title;
  if (s.ending.text !== undefined) ending.text = s.ending.text;
  return {
    op: "add_state",
    id: s.id,
    base: s.base,
    camera: { static: s.camera.static, dynamic: s.camera.dynamic },
    movement: { static: s.movement.static, dynamic: s.movement.dynamic },
    ambient: [...s.ambient],
    ending,
    variants: s.variants.map((v) => ({
      id: v.id,
      ...(v.label !== undefined ? { label: v.label } : {}),
      ...(v.base !== undefined ? { base: v.base } : {}),
      ...(v.weight !== undefined ? { weight: v.weight } : {}),
    })),
    ...(s.slots !== undefined ? { slots: { ...s.slots } } : {}),
  };
}

function addEventOp(e: Event): Op {
  return {
    op: "add_event",
    from: e.from,
    name: e.name,
    base: e.base,
    detail: e.detail,
    hotkey: e.hotkey,
    ...(e.to !== undefined ? { to: e.to } : {}),
    ...(e.kind !== undefined ? { kind: e.kind } : {}),
  };
}

/** The inverse of one op against the world it applies to; null when it cannot be undone, [] when it is a no-op. */
function invertOne(before: World, op: Op): Op[] | null {
  switch (op.op) {
    case "add_state": {
      if (getState(before, op.id)) return [];
      // delete_state cascades: events that already named the new id (dangling until this op)
      // would go with it, so they are added back.
      const dangling = before.scene.events.filter((e) => e.from === op.id || e.to === op.id).map(addEventOp);
      return [{ op: "delete_state", id: op.id }, ...dangling];
    }
    case "update_state": {
      const s = getState(before, op.id);
      const p = op.patch;
      const newId = p.id ?? op.id;
      if (!s || (newId !== op.id && getState(before, newId))) return [];
      const inv: Extract<Op, { op: "update_state" }>["patch"] = {};
      if (p.id !== undefined && p.id !== op.id) inv.id = op.id;
      if (p.base !== undefined) inv.base = s.base;
      if (p.camera !== undefined) {
        inv.camera = {};
        if (p.camera.static !== undefined) inv.camera.static = s.camera.static;
        if (p.camera.dynamic !== undefined) inv.camera.dynamic = s.camera.dynamic;
      }
      if (p.movement !== undefined) {
        inv.movement = {};
        if (p.movement.static !== undefined) inv.movement.static = s.movement.static;
        if (p.movement.dynamic !== undefined) inv.movement.dynamic = s.movement.dynamic;
      }
      if (p.ambient !== undefined) inv.ambient = [...s.ambient];
      if (p.ending !== undefined) {
        inv.ending = {};
        if (p.ending.isEnding !== undefined) inv.ending.isEnding = s.ending.isEnding ?? false;
        if (p.ending.outcome !== undefined) inv.ending.outcome = s.ending.outcome ?? null;
        if (p.ending.title !== undefined) inv.ending.title = s.ending.title ?? "";
        if (p.ending.text !== undefined) inv.ending.text = s.ending.text ?? "";
      }
      if (p.variants !== undefined) {
        inv.variants = s.variants.map((v) => ({
          id: v.id,
          ...(v.label !== undefined ? { label: v.label } : {}),
          ...(v.base !== undefined ? { base: v.base } : {}),
          ...(v.weight !== undefined ? { weight: v.weight } : {}),
        }));
      }
      if (p.slots !== undefined) inv.slots = s.slots !== undefined ? { ...s.slots } : null;
      const out: Op[] = [{ op: "update_state", id: newId, patch: inv }];
      if (newId !== op.id) {
        // Renaming back rewrites every reference to the new id, also those that named it
        // (dangling) before the rename: point them at it again.
        for (const e of before.scene.events) {
          if (e.from !== newId && e.to !== newId) continue;
          const repoint: Extract<Op, { op: "update_event" }>["patch"] = {};
          if (e.from === newId) repoint.from = newId;
          if (e.to === newId) repoint.to = newId;
          out.push({ op: "update_event", from: e.from === newId ? op.id : e.from, name: e.name, patch: repoint });
        }
      }
      return out;
    }
    case "delete_state": {
      const s = getState(before, op.id);
      if (!s) return [];
      const out: Op[] = [addStateOp(s)];
      for (const e of before.scene.events) if (e.from === op.id || e.to === op.id) out.push(addEventOp(e));
      if (before.entrance.state === op.id) out.push({ op: "set_entrance", state: op.id });
      return out;
    }
    case "add_event":
      return findEvent(before, op.from, op.name) ? [] : [{ op: "delete_event", from: op.from, name: op.name }];
    case "update_event": {
      const e = findEvent(before, op.from, op.name);
      const p = op.patch;
      const from = p.from ?? op.from;
      const name = p.name ?? op.name;
      if (!e || ((from !== op.from || name !== op.name) && findEvent(before, from, name))) return [];
      const inv: Extract<Op, { op: "update_event" }>["patch"] = {};
      if (p.from !== undefined) inv.from = e.from;
      if (p.name !== undefined) inv.name = e.name;
      if (p.to !== undefined) inv.to = e.to ?? null;
      if (p.base !== undefined) inv.base = e.base;
      if (p.detail !== undefined) inv.detail = e.detail;
      if (p.hotkey !== undefined) inv.hotkey = e.hotkey;
      if (p.kind !== undefined) inv.kind = e.kind ?? null;
      return [{ op: "update_event", from, name, patch: inv }];
    }
    case "delete_event": {
      const e = findEvent(before, op.from, op.name);
      return e ? [addEventOp(e)] : [];
    }
    case "set_entrance": {
      const inv: Extract<Op, { op: "set_entrance" }> = { op: "set_entrance" };
      if (op.state !== undefined && op.state !== before.entrance.state) {
        // An entrance that named nothing (blank) cannot be written back by an op.
        if (before.entrance.state.trim() === "") return null;
        inv.state = before.entrance.state;
      }
      if (op.image !== undefined) {
        inv.image = {};
        if (op.image.src !== undefined) inv.image.src = before.entrance.image.src;
        if (op.image.label !== undefined) inv.image.label = before.entrance.image.label;
      }
      return inv.state !== undefined || inv.image !== undefined ? [inv] : [];
    }
    case "add_variant": {
      const s = getState(before, op.state);
      if (!s || s.variants.some((v) => v.id === op.variant.id)) return [];
      return [{ op: "remove_variant", state: op.state, id: op.variant.id }];
    }
    case "remove_variant": {
      const v = getState(before, op.state)?.variants.find((x) => x.id === op.id);
      if (!v) return [];
      return [
        {
          op: "add_variant",
          state: op.state,
          variant: {
            id: v.id,
            ...(v.label !== undefined ? { label: v.label } : {}),
            ...(v.base !== undefined ? { base: v.base } : {}),
            ...(v.weight !== undefined ? { weight: v.weight } : {}),
          },
        },
      ];
    }
    default:
      // set_subject_ref cannot be undone by ops (a missing subjectRef cannot be written back).
      return null;
  }
}

/** Whether two events of the world share one (from, name), the key ops address events by. */
function hasSharedEventKey(world: World): boolean {
  const keys = new Set<string>();
  for (const e of world.scene.events) {
    const key = `${e.from}\u0000${e.name}`;
    if (keys.has(key)) return true;
    keys.add(key);
  }
  return false;
}

/**
 * The undo batch of `ops` applied to `world`, or null when some op cannot be undone. A batch
 * may pass through worlds the gate would refuse (it only judges the result); when one of them
 * holds two events with one key (say a rename onto a state with a dangling event of the same
 * name), ops cannot address them apart, so no inverse is offered rather than a wrong one.
 */
export function invertOps(world: World, ops: readonly Op[]): Op[] | null {
  const inverses: Op[][] = [];
  let current = world;
  for (const op of ops) {
    const inv = invertOne(current, op);
    if (inv === null) return null;
    inverses.push(inv);
    current = applyOps(current, [op]).world;
    if (hasSharedEventKey(current)) return null;
  }
  return inverses.reverse().flat();
}

/** Names of the extension properties a batch deletes for good (undo cannot write them back). */
export function lostOnUndo(world: World, ops: readonly Op[]): string[] {
  const lost = new Set<string>();
  for (const op of ops) {
    if (op.op === "delete_state") {
      const s = getState(world, op.id);
      if (s) for (const k of Object.keys(s)) if (!KNOWN_STATE_KEYS.has(k)) lost.add(k);
      for (const e of world.scene.events) {
        if (e.from !== op.id && e.to !== op.id) continue;
        for (const k of Object.keys(e)) if (!KNOWN_EVENT_KEYS.has(k)) lost.add(k);
      }
    } else if (op.op === "delete_event") {
      const e = findEvent(world, op.from, op.name);
      if (e) for (const k of Object.keys(e)) if (!KNOWN_EVENT_KEYS.has(k)) lost.add(k);
    }
  }
  return [...lost];
}
