import { describe, expect, it } from "vitest";
import { seedPremiseSentence } from "./seed";

describe("a seed frame's labels as a premise's sentence", () => {
  it("puts someone first and a place around them, whatever order the detector found them in", () => {
    expect(seedPremiseSentence({ labels: ["dining table", "person", "cup"], caption: "" })).toBe(
      "A person beside a dining table and a cup.",
    );
    expect(seedPremiseSentence({ labels: ["bench", "dog", "kitchen"], caption: "" })).toBe("A dog in a kitchen beside a bench.");
    expect(seedPremiseSentence({ labels: ["car", "bus", "traffic light"], caption: "" })).toBe("A car beside a bus and a traffic light.");
  });

  it("says the caption when nothing was named", () => {
    expect(seedPremiseSentence({ labels: [], caption: "A picture of nothing known." })).toBe("A picture of nothing known.");
  });
});
