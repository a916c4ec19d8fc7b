import type { World } from "@/lib/kernel";

/**
 * The JSON text of a world graph, exactly `JSON.stringify(world)`, cut into pieces that an edit
 * mostly leaves alone, so that storing an edit writes the pieces it changed and not the whole
 * graph (a maximal world is 2 MB; lib/worlds/graph-store.ts).
 *
 * - Cuts fall before states and events chosen by a hash of their identity (a state's id, an
 *   event's from + name), not by position: adding or deleting one leaves the other pieces'
 *   text as it was. A piece's key names the state or event it starts with.
 * - The text of each state and event is remembered per object. Graphs are copy-on-write (the
 *   kernel's ops replace what they change and never edit an object; the world cache shares
 *   rows between requests on that promise and freezes them in tests), so a state an edit did
 *   not touch is the same object as before and its text is still right.
 */
const written = new WeakMap<object, string>();

/** About one state in 8 and one event in 32 starts a piece: pieces of roughly 15–20 kB. */
const STATE_CUT_MASK = 7;
const EVENT_CUT_MASK = 31;

export interface GraphPieces {
  /**
   * Piece keys in order: "head", then "s:<state id>" and "e:<from>\n<name>" ones, then "tail";
   * or "all" alone for a graph stored whole (`wholeGraph`).
   */
  keys: string[];
  texts: string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

function remembered(value: object): string {
  let text = written.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    written.set(value, text);
  }
  return text;
}

/** FNV-1a: a cheap, stable hash of an identity, for choosing cuts. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * What each piece of a graph written by `worldPieces` was made of: the texts it joined, by key.
 * A piece of the next write made of the very same texts (a state's or event's remembered text is
 * the same string while the object is unchanged) is the same text: it is reused as it was, so it
 * is neither joined again nor compared character by character when the write looks for the
 * pieces it changed (graph-store.ts `piecesToWrite`).
 */
const madeOf = new WeakMap<GraphPieces, Map<string, { parts: string[]; text: string }>>();

function sameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class PieceWriter {
  readonly keys: string[] = [];
  readonly texts: string[] = [];
  private readonly used = new Set<string>();
  private readonly made = new Map<string, { parts: string[]; text: string }>();
  private key = "head";
  private parts: string[] = [];

  constructor(private readonly previous?: Map<string, { parts: string[]; text: string }>) {}

  add(text: string): void {
    this.parts.push(text);
  }

  cut(key: string): void {
    const before = this.previous?.get(this.key);
    const text = before && sameParts(before.parts, this.parts) ? before.text : this.parts.join("");
    this.keys.push(this.key);
    this.texts.push(text);
    this.made.set(this.key, { parts: this.parts, text });
    this.used.add(this.key);
    // Keys are unique: a repeated identity (only in a graph the gate would refuse) gets a suffix.
    let unique = key;
    for (let n = 2; this.used.has(unique); n++) unique = `${key}#${n}`;
    this.key = unique;
    this.parts = [];
  }

  finish(): GraphPieces {
    this.cut("");
    const pieces = { keys: this.keys, texts: this.texts };
    madeOf.set(pieces, this.made);
    return pieces;
  }
}

/** An object's members as `JSON.stringify` writes them; `special` may take over a member's value. */
function writeObject(
  out: PieceWriter,
  object: Record<string, unknown>,
  special: (key: string, value: unknown) => (() => void) | undefined,
): void {
  out.add("{");
  let first = true;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const writeValue = special(key, value);
    // `JSON.stringify` leaves out members whose value has no JSON (undefined, functions, symbols).
    const text = writeValue ? "" : (JSON.stringify(value) as string | undefined);
    if (text === undefined) continue;
    out.add((first ? "" : ",") + JSON.stringify(key) + ":" + text);
    first = false;
    writeValue?.();
  }
  out.add("}");
}

function writeStates(out: PieceWriter, states: Record<string, unknown>): void {
  out.add("{");
  let first = true;
  for (const id of Object.keys(states)) {
    const state = states[id];
    const text = isPlainObject(state) ? remembered(state) : (JSON.stringify(state) as string | undefined);
    if (text === undefined) continue;
    if (first || (fnv1a(id) & STATE_CUT_MASK) === 0) out.cut(`s:${id}`);
    if (!first) out.add(",");
    out.add(JSON.stringify(id) + ":");
    out.add(text);
    first = false;
  }
  out.add("}");
}

function writeEvents(out: PieceWriter, events: unknown[]): void {
  out.add("[");
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    // In arrays `JSON.stringify` writes null for what has no JSON.
    const text = isPlainObject(event) ? remembered(event) : ((JSON.stringify(event) as string | undefined) ?? "null");
    const identity = isPlainObject(event) ? `${String(event.from)}\n${String(event.name)}` : `#${i}`;
    if (i === 0 || (fnv1a(identity) & EVENT_CUT_MASK) === 0) out.cut(`e:${identity}`);
    if (i !== 0) out.add(",");
    out.add(text);
  }
  out.add("]");
  out.cut("tail"); // what follows the events (the scene's and world's last members)
}

/**
 * The graph's JSON text in pieces; their concatenation is exactly `JSON.stringify(world)`.
 * `previous`: the pieces of the graph this one was edited from, whose unchanged pieces are reused.
 */
export function worldPieces(world: World, previous?: GraphPieces): GraphPieces {
  const out = new PieceWriter(previous && madeOf.get(previous));
  if (!isPlainObject(world)) {
    out.add(JSON.stringify(world));
    return out.finish();
  }
  const sceneMember = (key: string, value: unknown) => {
    if (key === "states" && isPlainObject(value)) return () => writeStates(out, value);
    if (key === "events" && Array.isArray(value)) return () => writeEvents(out, value);
    return undefined;
  };
  writeObject(out, world, (key, scene) =>
    key === "scene" && isPlainObject(scene) ? () => writeObject(out, scene, sceneMember) : undefined,
  );
  return out.finish();
}

/**
 * A new graph (an import, a generation, a fork) is stored whole, as one piece, at the cost of a
 * plain `JSON.stringify`: cutting it pays off only once it is edited, and its first edit does it.
 */
export function wholeGraph(world: World | Record<string, unknown>): GraphPieces {
  return wholeGraphJson(JSON.stringify(world));
}

/** The same, for a graph its caller has already written as JSON (an import measures its size so). */
export function wholeGraphJson(json: string): GraphPieces {
  return { keys: ["all"], texts: [json] };
}
