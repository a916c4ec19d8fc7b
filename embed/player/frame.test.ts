import { describe, expect, it } from "vitest";
import { boxOnScreen, CAMERA_SCALE, placeFrame } from "./frame";
import { cameraPoses, safeWindow } from "./motion";

describe("placeFrame", () => {
  it("centres a frame without a focus", () => {
    const p = placeFrame(390, 844, 16 / 9, null);
    expect(p.height).toBe(844);
    expect(p.left).toBeCloseTo((390 - p.width) / 2);
  });

  it.each([0.02, 0.3, 0.55, 0.85])("keeps a protagonist at x=%f inside a 390 px phone's safe window", (x) => {
    const box = { x, y: 0.5, w: 0.08, h: 0.3 };
    const p = placeFrame(390, 844, 16 / 9, box);
    const on = boxOnScreen(box, p);
    const inset = 390 * ((1 - 1 / CAMERA_SCALE) / 2);
    expect(on.x).toBeGreaterThanOrEqual(Math.min(inset, on.x) - 0.01);
    expect(on.x).toBeGreaterThanOrEqual(0);
    expect(on.x + on.w).toBeLessThanOrEqual(390);
    // The frame still covers the box.
    expect(p.left).toBeLessThanOrEqual(0);
    expect(p.left + p.width).toBeGreaterThanOrEqual(390);
  });

  it("keeps the protagonist when the focus around it is too wide for a phone", () => {
    const focus = { x: 0.5, y: 0.3, w: 0.34, h: 0.5 };
    const subject = { x: 0.5, y: 0.5, w: 0.05, h: 0.25 };
    const p = placeFrame(390, 844, 16 / 9, [focus, subject]);
    const on = boxOnScreen(subject, p);
    expect(on.x).toBeGreaterThanOrEqual(0);
    expect(on.x + on.w).toBeLessThanOrEqual(390);
  });
});

describe("cameraPoses", () => {
  it.each(["dolly", "pan", "crane", "orbit", "drift"] as const)("%s never translates past what its scale covers", (move) => {
    for (const pose of cameraPoses(move, 1, 1280, 720, { x: 0.9, y: 0.1 })) {
      expect(Math.abs(pose.x)).toBeLessThanOrEqual(((pose.s - 1) / 2) * 1280);
      expect(Math.abs(pose.y)).toBeLessThanOrEqual(((pose.s - 1) / 2) * 720);
    }
  });
});

describe("safeWindow", () => {
  it.each(["dolly", "pan", "crane", "orbit", "drift"] as const)(
    "%s: a point inside it stays on screen at both ends of the move",
    (move) => {
      const poses = cameraPoses(move, -1, 390, 844, { x: 0.2, y: 0.6 });
      const win = safeWindow(poses, 390, 844, { x: 0, y: 0 });
      for (const p of poses) {
        for (const x of [win.left, win.right]) {
          const screen = 195 + (x - 195) * p.s + p.x;
          expect(screen).toBeGreaterThanOrEqual(-0.01);
          expect(screen).toBeLessThanOrEqual(390.01);
        }
      }
    },
  );
});
