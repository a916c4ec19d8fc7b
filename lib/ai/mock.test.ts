import { describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel";
import { createMockProvider } from "./mock";
import { imageSize } from "./raster";

const mock = createMockProvider();

describe("mock provider", () => {
  it("authors exactly the kernel's mockWorld", async () => {
    const input = {
      worldId: "w-1",
      premise: "a fox in a library",
      pov: "first_person",
      frameRef: "https://x.test/f.png",
      subjectRef: { imageUrl: "https://x.test/s.png", descriptor: "a fox" },
    };
    const result = await mock.authorWorld(input);
    expect(result.world).toEqual(
      mockWorld({ premise: input.premise, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef, id: "w-1" }),
    );
    expect(result).toMatchObject({ ok: true, attempts: 1, provider: "mock", diagnostics: [] });
  });

  it("uses mockWorld for book text too (test keys never run the pipeline)", async () => {
    const result = await mock.authorWorld({ worldId: "w-2", text: "Chapter 1\n\nA fox.", pov: "first_person" });
    expect(result.world).toEqual(mockWorld({ text: "Chapter 1\n\nA fox.", pov: "first_person", id: "w-2" }));
  });

  it("is deterministic", async () => {
    const a = await mock.authorWorld({ worldId: "w", premise: "same", pov: "first_person" });
    const b = await mock.authorWorld({ worldId: "w", premise: "same", pov: "first_person" });
    expect(JSON.stringify(a.world)).toBe(JSON.stringify(b.world));
  });

  it("paints the same PNG bytes for the same prompt, 640×360 at 16:9", async () => {
    const a = await mock.paintImage({ prompt: "a harbor at dusk", aspect: "16:9" });
    const b = await mock.paintImage({ prompt: "a harbor at dusk", aspect: "16:9" });
    const c = await mock.paintImage({ prompt: "a desert at noon", aspect: "16:9" });
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(false);
    expect(imageSize(a.bytes)).toEqual({ width: 640, height: 360, mimeType: "image/png" });
    expect(a).toMatchObject({ mimeType: "image/png", width: 640, height: 360, provider: "mock", prompt: "a harbor at dusk" });
    const square = await mock.paintImage({ prompt: "a harbor at dusk", aspect: "1:1" });
    expect(imageSize(square.bytes)).toMatchObject({ width: 360, height: 360 });
  });

  it("authors a chapter as a mock world named after the bible and chapter", async () => {
    const bible = await mock.writeBible("The Salt Lamp\n\nChapter 1\n\nMara lit the lamp.");
    expect(bible.provider).toBe("mock");
    const act = await mock.authorAct(
      bible,
      { index: 0, title: "Chapter 1", text: "Mara lit the lamp." },
      { worldId: "w-3", pov: "first_person" },
    );
    expect(act.world.name).toBe("The Salt Lamp: Chapter 1");
    expect(act.provider).toBe("mock");
  });

  it("refuses to start when already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(mock.authorWorld({ worldId: "w", premise: "x", pov: "first_person", signal: controller.signal })).rejects.toMatchObject({
      code: "cancelled",
    });
  });
});
