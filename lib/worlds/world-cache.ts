import { isWatching, watchChanges, type ChangeWatcher } from "@/lib/db";
import { findWorldRow, type WorldRow } from "./row";
import { TtlCache } from "@/lib/cache/ttl-cache";

/**
 * Worlds by id, kept in memory while the database's change feed is live: a trigger notifies
 * channel `world_changed` with `<id> <rev>@<updatedAt ms>` on every update (`<id>` alone on
 * delete), whichever process made it, and the entry is dropped unless it already holds that
 * version; so every update must change `rev` or `updated_at` (Prisma's @updatedAt does).
 * Without a live feed nothing is cached. Reads then cost no query, and writes start from memory
 * (safe: a write is a compare-and-set on rev, so a stale entry can only cost a retry).
 */
const TTL_MS = 5 * 60_000;
const SMALL_STATES = 200;
const small = new TtlCache<string, WorldRow>(2_000);
// Maximal graphs are megabytes of objects: only a few of them.
const large = new TtlCache<string, WorldRow>(16);

// A row read or written before a notification about the same world arrived must not be cached
// unless it is the version that notification announced. Each notification gets a sequence number.
let sequence = 0;
let resetAt = 0;
const notified = new TtlCache<string, { at: number; version: string }>(100_000);

const versionOf = (row: WorldRow) => `${row.rev}@${row.updatedAt.getTime()}`;

function entryOf(id: string): WorldRow | undefined {
  return small.get(id) ?? large.get(id);
}

function drop(id: string): void {
  small.delete(id);
  large.delete(id);
}

const watcher: ChangeWatcher = {
  channel: "world_changed",
  onChange(payload) {
    const [id = "", version = ""] = payload.split(" ");
    notified.set(id, { at: ++sequence, version }, 60_000);
    const entry = entryOf(id);
    if (!entry || version === "" || versionOf(entry) !== version) drop(id);
  },
  onReset() {
    resetAt = ++sequence;
    small.clear();
    large.clear();
  },
};

function stateCount(row: WorldRow): number {
  return Object.keys(row.graph.scene.states).length;
}

// In tests a cached graph is frozen, so code that mutates a shared graph fails loudly.
function freezeDeep<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) freezeDeep(child);
  }
  return value;
}

/** Starts a read or write whose result may be cached: pass the token to `remember`. */
export function beginRead(): number {
  return sequence;
}

export function remember(row: WorldRow, began: number): void {
  if (!isWatching(watcher) || resetAt > began) return;
  const note = notified.get(row.id);
  if (note && note.at > began && note.version !== versionOf(row)) return;
  if (process.env.NODE_ENV === "test") freezeDeep(row.graph);
  drop(row.id);
  (stateCount(row) <= SMALL_STATES ? small : large).set(row.id, row, TTL_MS);
}

/** The cached row, if the feed vouches for it. */
export function cachedWorld(id: string): WorldRow | undefined {
  return isWatching(watcher) ? entryOf(id) : undefined;
}

/** Attaches the feed (once); false while it cannot be trusted. */
export function watchWorldChanges(): Promise<boolean> {
  return watchChanges(watcher);
}

/** The world (or character) with this id, from memory when possible, else read (and then remembered). */
export async function readWorld(id: string): Promise<WorldRow | null> {
  const hit = cachedWorld(id);
  if (hit) return hit;
  const live = await watchWorldChanges();
  const began = beginRead();
  const row = await findWorldRow({ id });
  if (row && live) remember(row, began);
  return row;
}

/** This process deleted the world, or does not know what it holds now. */
export function forgetWorld(id: string): void {
  notified.set(id, { at: ++sequence, version: "" }, 60_000);
  drop(id);
}
