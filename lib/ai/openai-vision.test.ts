import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ART_STYLE } from "./config";
import { ProviderError } from "./errors";
import { createOpenAICompatibleProvider } from "./openai-compatible";
import { clampBox, landGroundAnswer } from "./openai-vision";
import type { VisionFrame } from "./provider";
import { chatAnswer, imagesIn, startFakeOpenAI, type FakeOpenAIServer } from "./testing/fake-openai-server";

// Vision of the openai-compatible provider, through the real client path against the fake
// server: the frame's bytes must arrive in the request, boxes are validated and clamped, and a
// malformed answer is retried once.

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
  server.chat.length = 0;
});

const bytes = fs.readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/photos/coffee.png"));
const frame: VisionFrame = { bytes, mimeType: "image/png", width: 600, height: 400 };
const provider = () =>
  createOpenAICompatibleProvider({
    baseURL: server.baseURL,
    apiKey: "test-key",
    model: "fake-vision",
    imageSize: "1536x1024",
    jsonMode: "json_object",
    timeoutMs: 10_000,
    maxAttempts: 3,
    transportRetries: 0,
    artStyle: DEFAULT_ART_STYLE,
  });

describe("openai-compatible vision", () => {
  it("sends the frame itself to the model and returns its validated, clamped boxes", async () => {
    server.chat.push(
      chatAnswer(
        JSON.stringify({
          objects: [
            { phrase: "Cup", label: "espresso cup", score: 1.3, box: { x: 0.28, y: 0.04, w: 0.4, h: 0.72 } },
            { phrase: "saucer", label: "saucer", score: 0.8, box: { x: -0.02, y: 0.3, w: 1.04, h: 0.6 } },
            { phrase: "spaceship", label: "spaceship", score: 0.9, box: { x: 0, y: 0, w: 0.1, h: 0.1 } },
          ],
        }),
      ),
    );
    const result = await provider().ground({ frame, phrases: ["cup", "saucer"] });
    expect(result).toEqual({
      objects: [
        { phrase: "cup", label: "espresso cup", score: 1, box: { x: 0.28, y: 0.04, w: 0.4, h: 0.72 } },
        { phrase: "saucer", label: "saucer", score: 0.8, box: { x: 0, y: 0.3, w: 1, h: 0.6 } },
      ],
      source: "model",
      provider: "openai-compatible",
    });
    expect(server.requests).toHaveLength(1);
    const sent = imagesIn(server.requests[0]!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mediaType).toBe("image/png");
    expect(sent[0]!.bytes.equals(bytes)).toBe(true);
    expect(server.requests[0]!.body.model).toBe("fake-vision");
    expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("- saucer");
  });

  it("retries a malformed answer once, telling the model what was wrong", async () => {
    server.chat.push(
      chatAnswer(JSON.stringify({ objects: [{ phrase: "cup", label: "cup", score: 0.9, box: { x: 172, y: 18, w: 238, h: 287 } }] })),
    );
    server.chat.push(
      chatAnswer(JSON.stringify({ objects: [{ phrase: "cup", label: "cup", score: 0.9, box: { x: 0.29, y: 0.05, w: 0.4, h: 0.72 } }] })),
    );
    const result = await provider().ground({ frame, phrases: ["cup"] });
    expect(result.objects).toEqual([{ phrase: "cup", label: "cup", score: 0.9, box: { x: 0.29, y: 0.05, w: 0.4, h: 0.72 } }]);
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain("not normalised to 0..1");
    expect(imagesIn(server.requests[1]!)).toHaveLength(1);
  });

  it("fails after two malformed answers without a third request", async () => {
    server.chat.push(chatAnswer("I see a cup."), chatAnswer(JSON.stringify({ objects: "a cup" })));
    const error = await provider()
      .ground({ frame, phrases: ["cup"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe("upstream");
    expect((error as ProviderError).message).toMatch(/no usable answer in 2 attempts/);
    expect(server.requests).toHaveLength(2);
  });

  it("describes the frame it is sent", async () => {
    server.chat.push(chatAnswer(JSON.stringify({ caption: "An espresso on a red saucer.", labels: ["cup", "saucer", "cup", " spoon "] })));
    const result = await provider().describe({ frame, detail: "short" });
    expect(result).toEqual({
      caption: "An espresso on a red saucer.",
      labels: ["cup", "saucer", "spoon"],
      source: "model",
      provider: "openai-compatible",
    });
    expect(imagesIn(server.requests[0]!)[0]!.bytes.equals(bytes)).toBe(true);
  });
});

describe("clampBox and landGroundAnswer", () => {
  it.each([
    [
      { x: 0.5, y: 0.5, w: 0.52, h: 0.2 },
      { x: 0.5, y: 0.5, w: 0.5, h: 0.2 },
    ],
    [
      { x: -0.01, y: 0, w: 0.5, h: 0.5 },
      { x: 0, y: 0, w: 0.49, h: 0.5 },
    ],
  ])("clamps %j into the frame", (box, clamped) => {
    expect(clampBox(box)).toEqual(clamped);
  });

  it.each([
    [{ x: 10, y: 10, w: 100, h: 100 }, /not normalised/],
    [{ x: 0.2, y: 0.2, w: 0, h: 0.3 }, /empty/],
    [{ x: Number.NaN, y: 0, w: 0.1, h: 0.1 }, /finite/],
  ])("refuses %j", (box, why) => {
    expect(clampBox(box)).toMatch(why);
  });

  it("reports a wrong shape", () => {
    expect(landGroundAnswer('{"objects": [{"phrase": "cup"}]}', ["cup"])).toMatchObject({
      ok: false,
      problem: expect.stringContaining("objects.0.label"),
    });
  });
});
