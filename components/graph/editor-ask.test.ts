import { afterEach, describe, expect, it, vi } from "vitest";
import type { WorldResource } from "@/components/api/worlds";
import { applyOps, type Op, type World } from "@/lib/kernel";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { EditorStore } from "./editor-store";
import { GraphModel } from "./graph-model";

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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const report = { passed: 0, failed: [] };

/** A server that answers the dry run with `ops` and applies posted ops to its own world. */
function fakeServer(ops: Op[]) {
  let world = makeSmallWorld();
  let rev = 1;
  const calls: Array<{ path: string; ifMatch: string | null; body: unknown }> = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const body = JSON.parse(String(init.body));
    calls.push({ path, ifMatch: headers["if-match"] ?? null, body });
    if (headers["if-match"] !== `r${rev}`) return json(412, { code: "rev_mismatch", detail: "stale", currentRev: `r${rev}` });
    if (path.endsWith("/edit"))
      return json(200, {
        dryRun: true,
        ops,
        summary: "Removes b.",
        provider: "local",
        world: applyOps(world, ops).world,
        applyErrors: [],
        notes: [],
        diagnostics: [],
        playtests: report,
        baseRev: `r${rev}`,
      });
    world = applyOps(world, body.ops).world;
    rev++;
    return json(200, { world, rev: `r${rev}`, applyErrors: [], notes: [], diagnostics: [], playtests: report });
  });
  return { calls, world: () => world };
}

const newStore = () =>
  new EditorStore({ appId: "app", worldId: "w", mode: "live" }, resource(makeSmallWorld(), "r1"), {
    onResource: () => {},
    fetchLatest: () => Promise.reject(new Error("offline")),
  });

afterEach(() => vi.unstubAllGlobals());

describe("the Ask bar in the editor store", () => {
  it("draws a dry run on the canvas, applies it as one batch with If-Match, and undoes it in one step", async () => {
    const server = fakeServer([{ op: "delete_state", id: "b" }]);
    const s = newStore();
    const model = new GraphModel(s);

    expect(await s.ask("remove b")).toBe(true);
    expect(server.calls[0]).toMatchObject({ path: "/v1/worlds/w/edit", ifMatch: "r1", body: { instruction: "remove b", dryRun: true } });
    const preview = s.getState().preview!;
    expect(preview.diff.states.removed).toEqual(["b"]);
    expect(preview.diff.events.removed.map((e) => e.name)).toEqual(["go", "finish"]);
    // The view shows the proposed world; the removed state and its transitions stay as ghosts.
    expect(s.getState().view.world.scene.states.b).toBeUndefined();
    expect(model.getNodes().find((n) => n.id === "b")?.data.diff).toBe("removed");
    expect(model.getEdges().filter((e) => e.data?.diff === "removed")).toHaveLength(2);
    expect(server.world().scene.states.b).toBeDefined();

    expect(await s.applyPreview()).toBe(true);
    expect(server.calls[1]).toMatchObject({ path: "/v1/worlds/w/ops", ifMatch: "r1", body: { ops: [{ op: "delete_state", id: "b" }] } });
    expect(s.getState().preview).toBeNull();
    expect(s.getState().undo.map((b) => b.label)).toEqual(["Ask “remove b”"]);
    expect(model.getNodes().some((n) => n.id === "b")).toBe(false);

    await s.undo();
    expect(server.calls[2]?.ifMatch).toBe("r2");
    expect(server.world().scene.states.b).toBeDefined();
    expect(
      server
        .world()
        .scene.events.map((e) => e.name)
        .sort(),
    ).toEqual(["finish", "go", "look"]);
  });

  it("shows the server's detail when the instruction cannot be read, and a draft edit drops a preview", async () => {
    vi.stubGlobal("fetch", async () => json(422, { code: "validation_failed", detail: 'No state is called "bb"; did you mean "b"?' }));
    const s = newStore();
    expect(await s.ask("remove bb")).toBe(false);
    expect(s.getState().askError?.detail).toBe('No state is called "bb"; did you mean "b"?');

    fakeServer([{ op: "update_state", id: "a", patch: { base: "new" } }]);
    expect(await s.ask("describe a as new")).toBe(true);
    expect(s.getState().askError).toBeNull();
    expect(s.getState().preview?.diff.states.changed).toEqual([{ id: "a", fields: ["base"] }]);
    s.updateDraft((d) => d);
    expect(s.getState().preview).toBeNull();
    expect(s.getState().view.world.scene.states.a?.base).toBe(makeSmallWorld().scene.states.a?.base);
  });
});
