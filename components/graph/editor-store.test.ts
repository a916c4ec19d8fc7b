import { describe, expect, it } from "vitest";
import type { WorldResource } from "@/components/api/worlds";
import { applyOps, type World } from "@/lib/kernel";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { EditorStore } from "./editor-store";

function resource(world: World, rev: string): WorldResource {
  return { id: "w", kind: "world", slug: null, name: world.name, description: world.description, cover: world.cover, visibility: "private", mode: "live", source: "import", forkedFrom: null, sessionCount: 0, likeCount: 0, rev, createdAt: "", updatedAt: "", world };
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
