import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Batch } from "./editor-state";
import { boundedHistory, loadHistory, saveHistory } from "./history-storage";

/** localStorage as the browser has it, for the node test environment. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const batch = (n: number, size = 10): Batch => ({
  label: `Edit ${n}`,
  ops: [{ op: "update_state", id: "a", patch: { base: "x".repeat(size) } }],
  inverse: [{ op: "update_state", id: "a", patch: { base: `before ${n}` } }],
});

beforeEach(() => {
  (globalThis as { window?: unknown }).window = { localStorage: memoryStorage() };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("undo history in localStorage", () => {
  it("comes back for the same world at the rev it was saved with, and is dropped at any other rev", () => {
    saveHistory("w1", "r2", { undo: [batch(1), batch(2)], redo: [batch(3)] });
    expect(loadHistory("w2", "r2")).toBeNull();
    expect(loadHistory("w1", "r2")).toEqual({ undo: [batch(1), batch(2)], redo: [batch(3)] });
    // Someone else wrote: the stored inverses no longer describe this world.
    expect(loadHistory("w1", "r3")).toBeNull();
    expect(loadHistory("w1", "r2")).toBeNull();
  });

  it("refuses a corrupted entry rather than ever sending its ops", () => {
    saveHistory("w1", "r1", { undo: [batch(1)], redo: [] });
    const key = "pw.editor.history.v1:w1";
    const stored = JSON.parse(window.localStorage.getItem(key)!);
    stored.undo[0].inverse = [{ op: "teleport" }];
    window.localStorage.setItem(key, JSON.stringify(stored));
    expect(loadHistory("w1", "r1")).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it("is bounded: the oldest undo batches go first, then the furthest redo ones", () => {
    const big = { undo: [batch(1, 400), batch(2, 400), batch(3, 400)], redo: [batch(4, 400), batch(5, 400)] };
    const size = (h: typeof big) => JSON.stringify(h.undo).length + JSON.stringify(h.redo).length;
    const one = JSON.stringify(batch(1, 400)).length;
    const fewer = boundedHistory(big, size(big) - 1);
    expect(fewer.undo.map((b) => b.label)).toEqual(["Edit 2", "Edit 3"]);
    expect(fewer.redo).toEqual(big.redo);
    const tiny = boundedHistory(big, one + 10);
    expect(tiny).toEqual({ undo: [], redo: [batch(5, 400)] });
    expect(boundedHistory(big, 100_000)).toEqual(big);
  });

  it("keeps the twenty most recently saved worlds, and an empty history removes its entry", () => {
    for (let i = 0; i < 25; i++) saveHistory(`w${i}`, "r", { undo: [batch(i)], redo: [] }, 1000 + i);
    expect(loadHistory("w4", "r")).toBeNull();
    expect(loadHistory("w5", "r")).not.toBeNull();
    expect(loadHistory("w24", "r")).not.toBeNull();
    saveHistory("w24", "r", { undo: [], redo: [] });
    expect(window.localStorage.getItem("pw.editor.history.v1:w24")).toBeNull();
  });
});
