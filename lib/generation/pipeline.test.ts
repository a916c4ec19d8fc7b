import { describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel/mock-world";
import { frameLabel } from "./pipeline";

describe("frameLabel", () => {
  const world = mockWorld({ premise: "A lighthouse that rewinds the tide" });
  world.entrance = { ...world.entrance, image: { ...world.entrance.image, label: "Lighthouse at dusk" } };

  it("gives the entrance its own label and other states their id made readable", () => {
    expect(frameLabel(world, world.entrance.state)).toBe("Lighthouse at dusk");
    expect(frameLabel(world, "s3-harbor_gate")).toBe("Harbor gate");
    expect(frameLabel(world, "the-old-mill")).toBe("The old mill");
    expect(frameLabel(world, "s12")).toBe("S12");
    // An ending's `end1-` keeps ids unique, like `s3-`: the caption says the place ("End1 edge of harbour" read as a name).
    expect(frameLabel(world, "end1-edge-of-harbour")).toBe("Edge of harbour");
  });

  it("falls back to the readable id when the entrance has no label", () => {
    const bare = { ...world, entrance: { ...world.entrance, state: "s1-lighthouse", image: { ...world.entrance.image, label: " " } } };
    expect(frameLabel(bare, "s1-lighthouse")).toBe("Lighthouse");
  });
});
