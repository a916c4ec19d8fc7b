import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WorldResource } from "@/components/api/worlds";
import { applyOps, type World } from "@/lib/kernel";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { EditorStore } from "./editor-store";
import { saveHistory } from "./history-storage";

function resource(world: World, rev: string): WorldResource {
  return {
    id: "w",
    kind: "world",
    slug: null,
    name: world.name,
    description: world.description,
    cover: world.cover,
    visibility: "private",
    mode: "live",
    source: "import",
    forkedFrom: null,
    sessionCount: 0,
    likeCount: 0,
    rev,
    createdAt: "",
    updatedAt: "",
    world,
  };
}

function store(world = makeSmallWorld()) {
  return new EditorStore({ appId: "app", worldId: "w", mode: "live" }, resource(world, "r1"), {
    onResource: () => {},
    fetchLatest: () => Promise.reject(new Error("offline")),
  });
}

describe("EditorStore (no network)", () => {
  it("maps the view to the item being edited, also when moving between items without changes", async () => {
    const s = store();
    await s.select({ kind: "state", id: "a" });
    expect(s.getState().view.draftState).toEqual({ viewId: "a", nodeId: "a" });
    await s.select({ kind: "state", id: "b" });
    expect(s.getState().view.draftState).toEqual({ viewId: "b", nodeId: "b" });
    await s.select({ kind: "event", from: "a", name: "go" });
    expect(s.getState().view.draftEvent).toEqual({ index: 0, edgeId: JSON.stringify(["a", "go"]) });
  });

  it("lints the would-be world as the draft changes, and flags a taken id", async () => {
    const s = store();
    await s.select({ kind: "state", id: "b" });
    s.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, cameraStatic: "" } } : d));
    expect(s.getState().view.diagnostics.map((d) => d.path)).toContain("scene.states.b.camera.static");
    expect(s.getState().resource.world.scene.states.b!.camera.static).toBe("wide shot");
    s.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, id: "a" } } : d));
    expect(s.getState().view.draftApplyErrors).toHaveLength(1);
    s.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, id: "hall" } } : d));
    expect(s.getState().view.draftState).toEqual({ viewId: "hall", nodeId: "b" });
    expect(s.nodeIdOf("hall")).toBe("b");
  });

  it("keeps typed fields when a newer world arrives, taking the others from it", async () => {
    const w = makeSmallWorld();
    const s = store(w);
    await s.select({ kind: "state", id: "b" });
    s.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, base: "typed" } } : d));
    const newer = applyOps(w, [{ op: "update_state", id: "b", patch: { base: "theirs", camera: { static: "close-up" } } }]).world;
    s.adopt(resource(newer, "r2"));
    const draft = s.getState().draft;
    expect(draft?.kind === "state" && draft.fields.base).toBe("typed");
    expect(draft?.kind === "state" && draft.fields.cameraStatic).toBe("close-up");
    expect(s.getState().resource.rev).toBe("r2");
  });
});

describe("EditorStore: deleting a state asks, naming its events", () => {
  it("a state with events waits for a yes, naming each event by its states' names; cancel keeps everything", async () => {
    const s = store();
    await s.select({ kind: "state", id: "b" });
    await s.deleteSelection();
    const pending = s.getState().confirmDelete;
    expect(pending).toMatchObject({ label: "Delete state “b”", stateName: "B" });
    expect(pending?.events).toEqual([
      { name: "go", from: "A", to: "B" },
      { name: "finish", from: "B", to: "The end" },
    ]);
    s.cancelDeletion();
    expect(s.getState().confirmDelete).toBeNull();
    expect(Object.keys(s.getState().resource.world.scene.states)).toContain("b");
  });
});

describe("EditorStore: undo history across a reload", () => {
  const entries = new Map<string, string>();
  const localStorage = {
    get length() {
      return entries.size;
    },
    key: (i: number) => [...entries.keys()][i] ?? null,
    getItem: (k: string) => entries.get(k) ?? null,
    setItem: (k: string, v: string) => void entries.set(k, v),
    removeItem: (k: string) => void entries.delete(k),
  };
  beforeEach(() => {
    entries.clear();
    (globalThis as { window?: unknown }).window = { localStorage };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  const saved = {
    label: "Edit state “a”",
    ops: [{ op: "update_state" as const, id: "a", patch: { base: "new" } }],
    inverse: [{ op: "update_state" as const, id: "a", patch: { base: "The a room" } }],
  };

  it("a new editor on the same rev starts with the stored undo stack; on another rev it starts empty and forgets it", () => {
    saveHistory("w", "r1", { undo: [saved], redo: [] });
    expect(store().getState().undo).toEqual([saved]);
    const elsewhere = new EditorStore({ appId: "app", worldId: "w", mode: "live" }, resource(makeSmallWorld(), "r9"), {
      onResource: () => {},
      fetchLatest: () => Promise.reject(new Error("offline")),
    });
    expect(elsewhere.getState().undo).toEqual([]);
    expect(store().getState().undo).toEqual([]);
  });

  it("a newer world from elsewhere clears the stored history too", () => {
    saveHistory("w", "r1", { undo: [saved], redo: [] });
    const s = store();
    s.adopt(resource(applyOps(makeSmallWorld(), [{ op: "add_state", id: "c" }]).world, "r2"));
    expect(s.getState().undo).toEqual([]);
    expect(store().getState().undo).toEqual([]);
  });
});
