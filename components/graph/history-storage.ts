import { ZOp } from "@/lib/kernel";
import type { Batch } from "./editor-state";

/**
 * The editor's undo and redo stacks survive a reload: kept in this browser's localStorage, one
 * entry per world, stamped with the rev they lead to (the head of the history). A stored history
 * is used only while the server's rev is still that head; any other write (another tab, a person,
 * a restore) makes its inverses meaningless, so it is dropped. Bounded: a world's entry keeps its
 * newest batches within MAX_CHARS, and only the MAX_WORLDS most recently saved worlds are kept.
 * See docs/studio.md.
 */

const PREFIX = "pw.editor.history.v1:";
const MAX_WORLDS = 20;
/** Characters of one world's stored history (localStorage holds about 5 MB a site). */
export const MAX_CHARS = 200_000;

interface Stored {
  savedAt: number;
  rev: string;
  undo: Batch[];
  redo: Batch[];
}

export interface History {
  undo: Batch[];
  redo: Batch[];
}

const ZBatches = ZOp.array();

function isBatch(value: unknown): value is Batch {
  if (typeof value !== "object" || value === null) return false;
  const b = value as Record<string, unknown>;
  // Ops are checked as the API would: a corrupted entry must never be sent as an undo.
  return (
    typeof b.label === "string" &&
    ZBatches.safeParse(b.ops).success &&
    ZBatches.safeParse(b.inverse).success &&
    (b.inverse as unknown[]).length > 0
  );
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored history of a world when its head is `rev`; a stale or unreadable one is removed. */
export function loadHistory(worldId: string, rev: string): History | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(PREFIX + worldId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    const valid =
      parsed.rev === rev &&
      Array.isArray(parsed.undo) &&
      Array.isArray(parsed.redo) &&
      parsed.undo.every(isBatch) &&
      parsed.redo.every(isBatch);
    if (!valid) {
      store.removeItem(PREFIX + worldId);
      return null;
    }
    return { undo: parsed.undo as Batch[], redo: parsed.redo as Batch[] };
  } catch {
    return null;
  }
}

/** The history as it may be stored: the oldest undo batches go first, then the furthest redo ones, until it fits. */
export function boundedHistory(history: History, maxChars = MAX_CHARS): History {
  let { undo, redo } = history;
  const size = () => JSON.stringify(undo).length + JSON.stringify(redo).length;
  while ((undo.length > 0 || redo.length > 0) && size() > maxChars) {
    if (undo.length > 0) undo = undo.slice(1);
    else redo = redo.slice(1);
  }
  return { undo, redo };
}

/** Keeps the MAX_WORLDS most recently saved histories; `savedAt` leads each entry, so it is read without parsing. */
function prune(store: Storage): void {
  const entries: Array<{ key: string; savedAt: number }> = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) entries.push({ key, savedAt: 0 });
  }
  if (entries.length <= MAX_WORLDS) return;
  for (const e of entries) e.savedAt = Number(/^\{"savedAt":(\d+)/.exec(store.getItem(e.key) ?? "")?.[1] ?? 0);
  entries.sort((a, b) => b.savedAt - a.savedAt);
  for (const e of entries.slice(MAX_WORLDS)) store.removeItem(e.key);
}

/** Stores the history whose head is `rev`; an empty one removes the entry. */
export function saveHistory(worldId: string, rev: string, history: History, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const { undo, redo } = boundedHistory(history);
  if (undo.length === 0 && redo.length === 0) {
    store.removeItem(PREFIX + worldId);
    return;
  }
  const text = JSON.stringify({ savedAt: now, rev, undo, redo } satisfies Stored);
  try {
    store.setItem(PREFIX + worldId, text);
    prune(store);
  } catch {
    // Storage full or disabled: drop other worlds' histories and try once more.
    try {
      for (const key of Object.keys(store)) if (key.startsWith(PREFIX) && key !== PREFIX + worldId) store.removeItem(key);
      store.setItem(PREFIX + worldId, text);
    } catch {
      // The history then lasts for this page only.
    }
  }
}
