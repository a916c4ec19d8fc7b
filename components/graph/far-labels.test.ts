import { describe, expect, it } from "vitest";
import { fittingLabels, labelShapes, nameBox, wrapLabel, type FarEdge } from "./far-labels";
import { NODE_HEIGHT, NODE_WIDTH } from "./geometry";

const edge = (id: string, name: string, x: number, y: number): FarEdge => ({ id, d: "", selected: false, name, at: { x, y } });

describe("wrapLabel", () => {
  it("keeps every word without a line limit, elides only under one", () => {
    expect(wrapLabel("Into the hall through the gate", 14)).toEqual(["Into the hall", "through the", "gate"]);
    expect(wrapLabel("Into the hall through the gate", 14, 2)).toEqual(["Into the hall", "through the…"]);
    expect(wrapLabel("Cross the yard", 14, 2)).toEqual(["Cross the yard"]);
  });
});

describe("labelShapes", () => {
  it("tries the name whole first (two lines at 14 or 20 characters, then three) and elided last", () => {
    const shapes = labelShapes("Into the hall through the gate");
    expect(shapes[0]).toEqual(["Into the hall", "through the gate"]);
    expect(shapes.slice(0, -1).every((lines) => !lines.join(" ").includes("…"))).toBe(true);
    expect(shapes.at(-1)!.join(" ")).toContain("…");
  });
});

describe("fittingLabels", () => {
  const k = 0.3;
  // Two states side by side with room between them for a name on the line that joins them.
  const states = [
    { x: 0, y: 0, name: "The start" },
    { x: NODE_WIDTH + 400, y: 0, name: "Yard" },
  ];
  const between = { x: NODE_WIDTH + 200, y: NODE_HEIGHT / 2 };

  it("places a long name whole where it has room", () => {
    const [placed] = fittingLabels([edge("e1", "Into the hall through the gate", between.x, between.y)], states, k);
    expect(placed!.lines.join(" ")).toBe("Into the hall through the gate");
  });

  it("never puts a name over a state's name", () => {
    // A name whose line runs through the second state's name: it must move off it or wait.
    const through = edge("e2", "Onto the roof", NODE_WIDTH + 400 + NODE_WIDTH / 2, NODE_HEIGHT / 2);
    const name = nameBox(states[1]!, k);
    const placed = fittingLabels([through], states, k);
    expect(placed).toHaveLength(1);
    for (const p of placed) {
      const w = (Math.max(...p.lines.map((l) => l.length)) * 11.5 * 0.56) / 2;
      const h = (p.lines.length * 11.5 * 1.15) / 2;
      const cx = p.at.x * k;
      const cy = p.at.y * k;
      const clear = cx + w <= name.x0 || cx - w >= name.x1 || cy + h <= name.y0 || cy - h >= name.y1;
      expect(clear, JSON.stringify({ p, name })).toBe(true);
    }
  });

  it("keeps two names off each other", () => {
    const placed = fittingLabels(
      [edge("a", "Back to the gate", between.x, between.y), edge("b", "Climb the tower", between.x, between.y)],
      states,
      k,
    );
    expect(placed).toHaveLength(2);
    expect(placed[0]!.at.y).not.toBe(placed[1]!.at.y);
  });
});
