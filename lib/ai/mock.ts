import { createPrng, hashString, mockWorld, validateWorld } from "@/lib/kernel";
import { proceduralBible, segmentText } from "./book";
import { mockChat } from "./chat";
import { gateOwnWorld, throwIfCancelled } from "./gate";
import { effectivePrompt } from "./local/painter";
import type { Aspect, Capability, PaintInput, PaintResult, Provider } from "./provider";
import { rasterizeSvg } from "./raster";
import { mockSpeech } from "./speech";

// The test-mode provider: the kernel's deterministic mock author and a deterministic flat
// painter. Offline, no spend, identical output for identical input on every machine.

const MOCK_SIZES: Record<Aspect, { width: number; height: number }> = {
  "16:9": { width: 640, height: 360 },
  "1:1": { width: 360, height: 360 },
};

/** A flat placeholder frame from a hash of the prompt: gradient, a disc, a few bars. */
export function mockSvg(prompt: string, aspect: Aspect): string {
  const { width: w, height: h } = MOCK_SIZES[aspect];
  const rng = createPrng(hashString(JSON.stringify(["mock-paint-v1", prompt, aspect])));
  const hue = rng.int(360);
  let bars = "";
  for (let i = 0; i < 3; i++) {
    const bh = Math.round(h * (0.1 + rng.next() * 0.25));
    bars += `<rect x="${Math.round(rng.next() * (w - 80))}" y="${h - bh}" width="${40 + rng.int(120)}" height="${bh}" fill="hsl(${(hue + 200) % 360},30%,${15 + rng.int(15)}%)"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,18%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${Math.round(w * 0.2 + rng.next() * w * 0.6)}" cy="${Math.round(h * 0.2 + rng.next() * h * 0.2)}" r="${Math.round(h * 0.08 + rng.next() * h * 0.1)}" fill="hsl(${(hue + 180) % 360},70%,80%)" opacity=".85"/>` +
    bars +
    `</svg>`
  );
}

export async function paintMock(input: PaintInput): Promise<PaintResult> {
  throwIfCancelled(input.signal, "mock");
  const prompt = effectivePrompt(input.prompt, input.mood);
  const png = await rasterizeSvg(mockSvg(prompt, input.aspect), MOCK_SIZES[input.aspect].width, input.signal);
  return { bytes: png.bytes, mimeType: "image/png", width: png.width, height: png.height, prompt, artStyle: "mock: flat gradient placeholder", provider: "mock" };
}

const CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>(["author", "paint", "book", "chat", "speech"]);

export function createMockProvider(): Provider {
  return {
    name: "mock",
    capabilities: CAPABILITIES,
    async authorWorld(input) {
      throwIfCancelled(input.signal, "mock");
      // Exactly the kernel's test-mode world, for premise, frame and text alike (spec: a
      // deterministic mock for every generative endpoint under a test key).
      const world = mockWorld({ premise: input.premise, text: input.text, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef, id: input.worldId });
      return { world, ok: true, provider: "mock", attempts: 1, diagnostics: validateWorld(world) };
    },
    paintImage: paintMock,
    async segmentBook(text, options) {
      return segmentText(text, options);
    },
    async writeBible(text, options) {
      throwIfCancelled(options?.signal, "mock");
      return { ...proceduralBible(text), provider: "mock" };
    },
    async authorAct(bible, chapter, input) {
      throwIfCancelled(input.signal, "mock");
      const world = mockWorld({ text: chapter.text, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef, id: input.worldId, name: `${bible.title}: ${chapter.title}` });
      const gated = gateOwnWorld(world, "mock");
      return { world: gated.world, ok: true, provider: "mock", attempts: 1, diagnostics: gated.diagnostics };
    },
    async chat(input) {
      throwIfCancelled(input.signal, "mock");
      return { ...mockChat(input), provider: "mock" };
    },
    async speak(input) {
      throwIfCancelled(input.signal, "mock");
      return { ...mockSpeech(input), provider: "mock" };
    },
  };
}
