import { createPrng, hashString, mockWorld } from "@/lib/kernel";
import { mockChat } from "./chat";
import { throwIfCancelled } from "./gate";
import { effectivePrompt } from "./local/painter";
import { createProceduralProvider } from "./procedural";
import type { Aspect, PaintInput, PaintResult, Provider } from "./provider";
import { rasterizeSvg } from "./raster";
import { mockSpeech } from "./speech";
import { describeMock, groundMock } from "./mock-vision";

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
  return {
    bytes: png.bytes,
    mimeType: "image/png",
    width: png.width,
    height: png.height,
    prompt,
    artStyle: "mock: flat gradient placeholder",
    provider: "mock",
  };
}

export function createMockProvider(): Provider {
  return createProceduralProvider({
    name: "mock",
    // Exactly the kernel's test-mode world, for premise, frame and text alike (spec: a
    // deterministic mock for every generative endpoint under a test key).
    world: (input) =>
      mockWorld({
        premise: input.premise,
        text: input.text,
        frameRef: input.frameRef,
        pov: input.pov,
        subjectRef: input.subjectRef,
        id: input.worldId,
      }),
    act: (bible, chapter, input) =>
      mockWorld({
        text: chapter.text,
        frameRef: input.frameRef,
        pov: input.pov,
        subjectRef: input.subjectRef,
        id: input.worldId,
        name: `${bible.title}: ${chapter.title}`,
      }),
    paint: paintMock,
    chat: mockChat,
    speak: mockSpeech,
    ground: groundMock,
    describe: describeMock,
  });
}
