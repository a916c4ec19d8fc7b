import { describe, expect, it } from "vitest";
import { layoutTree } from "./layout-tree";

const v = (versionId: string, parentId: string | null, minute: number) => ({
  versionId,
  parentId,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

const summary = (versions: ReturnType<typeof v>[]) =>
  layoutTree(versions).nodes.map(
    (n) => `${n.version.versionId}:r${n.row}l${n.lane}${n.parent ? `<r${n.parent.row}l${n.parent.lane}` : ""}`,
  );

describe("layoutTree", () => {
  it("is empty for no versions", () => {
    expect(layoutTree([])).toEqual({ nodes: [], lanes: 0 });
  });

  it("keeps a linear history in one lane, newest on top", () => {
    expect(summary([v("a", null, 1), v("c", "b", 3), v("b", "a", 2)])).toEqual(["c:r0l0<r1l0", "b:r1l0<r2l0", "a:r2l0"]);
    expect(layoutTree([v("a", null, 1), v("b", "a", 2)]).lanes).toBe(1);
  });

  it("opens a lane per branch; the oldest child continues its parent's lane", () => {
    // a ─ b ─ d
    //   └ c ─ e
    const layout = layoutTree([v("a", null, 1), v("b", "a", 2), v("c", "a", 3), v("d", "b", 4), v("e", "c", 5)]);
    expect(layout.lanes).toBe(2);
    expect(summary([v("a", null, 1), v("b", "a", 2), v("c", "a", 3), v("d", "b", 4), v("e", "c", 5)])).toEqual([
      "e:r0l1<r2l1",
      "d:r1l0<r3l0",
      "c:r2l1<r4l0",
      "b:r3l0<r4l0",
      "a:r4l0",
    ]);
    expect(layout.nodes.find((n) => n.version.versionId === "e")?.depth).toBe(2);
  });

  it("gives every root its own lane, and re-roots versions whose parent is missing", () => {
    expect(summary([v("a", null, 1), v("b", null, 2), v("c", "gone", 3)])).toEqual(["c:r0l2", "b:r1l1", "a:r2l0"]);
  });

  it("survives a parent cycle and a very long history", () => {
    expect(layoutTree([v("a", "b", 1), v("b", "a", 2)]).lanes).toBe(2);
    const long = Array.from({ length: 20_000 }, (_, i) => ({
      versionId: `v${String(i).padStart(5, "0")}`,
      parentId: i ? `v${String(i - 1).padStart(5, "0")}` : null,
      createdAt: new Date(i * 1000).toISOString(),
    }));
    const layout = layoutTree(long);
    expect(layout.lanes).toBe(1);
    expect(layout.nodes[0]?.version.versionId).toBe("v19999");
  });
});
