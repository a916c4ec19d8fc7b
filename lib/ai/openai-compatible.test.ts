import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkWorld, mockWorld, type World } from "@/lib/kernel";
import { DEFAULT_ART_STYLE, type OpenAICompatibleConfig } from "./config";
import { ProviderError } from "./errors";
import { createOpenAICompatibleProvider } from "./openai-compatible";
import { rasterizeSvg, imageSize } from "./raster";
import { chatAnswer, errorAnswer, imageAnswer, startFakeOpenAI, type FakeOpenAIServer } from "./testing/fake-openai-server";

// The real client code path (AI SDK → HTTP) against a fake OpenAI-compatible server.

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
  server.images.length = 0;
});

function config(overrides: Partial<OpenAICompatibleConfig> = {}): OpenAICompatibleConfig {
  return {
    baseURL: server.baseURL,
    apiKey: "test-key",
    model: "fake-chat",
    imageModel: "fake-image",
    imageSize: "1536x1024",
    jsonMode: "json_object",
    timeoutMs: 10_000,
    maxAttempts: 3,
    transportRetries: 0,
    artStyle: DEFAULT_ART_STYLE,
    ...overrides,
  };
}

/** What a well-behaved model would answer: a gate-clean world (its id is replaced by ours). */
const modelWorld = (): World => mockWorld({ premise: "a fox guards a flooded library", id: "model-chosen-id" });

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

type Message = { role: string; content: string };
const messagesOf = (i: number): Message[] => server.requests[i]?.body.messages as Message[];

describe("openai-compatible author", () => {
  it("sends a chat completion in JSON mode and lands the world through the gate", async () => {
    const answer = modelWorld();
    server.chat.push(chatAnswer(JSON.stringify(answer)));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.authorWorld({ worldId: "w-123", premise: "a fox guards a flooded library", pov: "first_person" });

    expect(result).toMatchObject({ ok: true, attempts: 1, provider: "openai-compatible" });
    expect(result.world.id).toBe("w-123");
    expect(Object.keys(result.world.scene.states)).toEqual(Object.keys(answer.scene.states));
    expect(result.world.scene.events).toEqual(answer.scene.events);
    expect(checkWorld(result.world).ok).toBe(true);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer test-key");
    expect(req.body.model).toBe("fake-chat");
    expect(req.body.response_format).toEqual({ type: "json_object" });
    const [system, user] = messagesOf(0);
    expect(system).toMatchObject({ role: "system" });
    expect(system!.content).toContain("SMWorld");
    expect(system!.content).toContain("hotkey");
    expect(user).toMatchObject({ role: "user" });
    expect(user!.content).toContain("a fox guards a flooded library");
    expect(user!.content).toContain("first person");
  });

  it("takes an http(s) seed frame as the entrance image and stamps the subject reference", async () => {
    server.chat.push(chatAnswer(`Here is your world:\n\`\`\`json\n${JSON.stringify(modelWorld())}\n\`\`\``));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.authorWorld({
      worldId: "w-1",
      premise: "a fox",
      pov: "third_person_shoulder",
      frameRef: "https://cdn.example/frame.png",
      subjectRef: { imageUrl: "https://cdn.example/fox.png", descriptor: "a red fox in a blue scarf" },
    });
    expect(result.ok).toBe(true);
    expect(result.world.entrance.image.src).toBe("https://cdn.example/frame.png");
    expect(result.world.cover).toBe("https://cdn.example/frame.png");
    expect(result.world.subjectRef).toEqual({ imageUrl: "https://cdn.example/fox.png", descriptor: "a red fox in a blue scarf" });
    expect(messagesOf(0)[1]!.content).toContain("a red fox in a blue scarf");
  });

  it.each([
    ["not JSON", "Sorry, I can only help with that later.", "not valid JSON"],
    ["JSON but not a world", JSON.stringify({ hello: "world" }), "not a valid SMWorld"],
    ["empty", "", "empty"],
  ])("counts a malformed answer (%s) as a failed attempt and succeeds on attempt 2", async (_name, bad, mentioned) => {
    server.chat.push(chatAnswer(bad), chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.authorWorld({ worldId: "w-2", premise: "a fox", pov: "first_person" });

    expect(result).toMatchObject({ ok: false, attempts: 2, provider: "openai-compatible" });
    expect(checkWorld(result.world).ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    const second = messagesOf(1);
    expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second[3]!.content).toContain(mentioned);
  });

  it("sends the gate's diagnostics back and lands the corrected world", async () => {
    const broken = modelWorld();
    broken.entrance.state = "nowhere";
    const firstState = Object.keys(broken.scene.states)[0]!;
    broken.scene.events.push({ from: firstState, name: "Dangling", base: "x", detail: "y", hotkey: "9", to: "missing-room" });
    server.chat.push(chatAnswer(JSON.stringify(broken)), chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.authorWorld({ worldId: "w-3", premise: "a fox", pov: "first_person" });

    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(result.world.entrance.state).toBe(firstState);
    const second = messagesOf(1);
    expect(second[2]).toMatchObject({ role: "assistant" });
    expect(second[2]!.content).toContain('"nowhere"');
    const repair = second[3]!.content;
    expect(repair).toContain("E001 entrance-missing at entrance.state");
    expect(repair).toContain("E004 event-to-unknown at scene.events[");
    expect(repair).toContain("missing-room");
  });

  it("gives up with a typed error after maxAttempts malformed answers", async () => {
    server.chat.push(chatAnswer("no"), chatAnswer("still no"), chatAnswer("{ nope"), chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config({ maxAttempts: 3 }));
    const error = await rejection(provider.authorWorld({ worldId: "w-4", premise: "a fox", pov: "first_person" }));

    expect(error.code).toBe("authoring_failed");
    expect(error.attempts).toBe(3);
    expect(error.provider).toBe("openai-compatible");
    expect(error.message).toContain("3 attempt");
    expect(server.requests).toHaveLength(3);
  });

  it("reports the last gate diagnostics when every answer fails the gate", async () => {
    const broken = modelWorld();
    broken.entrance.state = "nowhere";
    server.chat.push(chatAnswer(JSON.stringify(broken)), chatAnswer(JSON.stringify(broken)));
    const provider = createOpenAICompatibleProvider(config({ maxAttempts: 2 }));
    const error = await rejection(provider.authorWorld({ worldId: "w-5", premise: "a fox", pov: "first_person" }));
    expect(error.code).toBe("authoring_failed");
    expect(error.diagnostics.map((d) => d.lint)).toContain("entrance-missing");
  });

  it("times out a server that never answers", async () => {
    server.chat.push({ hang: true });
    const provider = createOpenAICompatibleProvider(config({ timeoutMs: 250 }));
    const error = await rejection(provider.authorWorld({ worldId: "w-6", premise: "a fox", pov: "first_person" }));
    expect(error.code).toBe("timeout");
    expect(server.requests).toHaveLength(1);
  });

  it("stops when the caller cancels", async () => {
    server.chat.push({ hang: true });
    const provider = createOpenAICompatibleProvider(config());
    const controller = new AbortController();
    const pending = provider.authorWorld({ worldId: "w-7", premise: "a fox", pov: "first_person", signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.code).toBe("cancelled");
  });

  it("maps an HTTP error from the server to an upstream error", async () => {
    server.chat.push(errorAnswer(500, "model overloaded"));
    const provider = createOpenAICompatibleProvider(config());
    const error = await rejection(provider.authorWorld({ worldId: "w-8", premise: "a fox", pov: "first_person" }));
    expect(error.code).toBe("upstream");
    expect(error.status).toBe(500);
    expect(error.message).toContain("model overloaded");
  });

  it("asks for the SMWorld JSON schema in json_schema mode", async () => {
    server.chat.push(chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config({ jsonMode: "json_schema" }));
    await provider.authorWorld({ worldId: "w-9", premise: "a fox", pov: "first_person" });
    const format = server.requests[0]!.body.response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.strict).toBe(false);
    expect(format.json_schema.schema.properties.scene.properties.states).toBeDefined();
  });

  it("sends no response_format when JSON mode is off", async () => {
    server.chat.push(chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config({ jsonMode: "off" }));
    const result = await provider.authorWorld({ worldId: "w-10", premise: "a fox", pov: "first_person" });
    expect(result.ok).toBe(true);
    expect(server.requests[0]!.body.response_format).toBeUndefined();
  });
});

describe("openai-compatible book path", () => {
  const BOOK = [
    "Chapter 1",
    "",
    "Mara climbed to the lighthouse at dusk. She had to light the great lamp before the storm reached Port Ellis.",
    "",
    "Chapter 2",
    "",
    "In the drowned cathedral, Mara searched for the silver bell among the pews.",
  ].join("\n");

  it("segments, writes the bible, then authors the first chapter as one world", async () => {
    const bible = {
      title: "The Salt Lamp",
      protagonist: "Mara",
      setting: "a storm coast",
      tone: "tense",
      characters: ["Mara"],
      places: ["the lighthouse"],
      motifs: ["the lamp"],
      summary: "Mara lights the lamp.",
    };
    server.chat.push(chatAnswer(JSON.stringify(bible)), chatAnswer(JSON.stringify(modelWorld())));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.authorWorld({ worldId: "w-book", text: BOOK, pov: "first_person" });

    expect(result).toMatchObject({ ok: true, attempts: 1, provider: "openai-compatible" });
    expect(server.requests).toHaveLength(2);
    const [bibleSystem, bibleUser] = messagesOf(0);
    expect(bibleSystem!.content).toContain("bible");
    expect(bibleUser!.content).toContain("drowned cathedral");
    const actUser = messagesOf(1)[1]!.content;
    expect(actUser).toContain('"The Salt Lamp"');
    expect(actUser).toContain("Chapter 1");
    expect(actUser).toContain("light the great lamp");
    expect(actUser).not.toContain("silver bell");
  });

  it("retries a malformed bible and fails typed when it never comes", async () => {
    server.chat.push(chatAnswer("a bible? no"), chatAnswer(JSON.stringify({ title: "" })));
    const provider = createOpenAICompatibleProvider(config({ maxAttempts: 2 }));
    const error = await rejection(provider.writeBible(BOOK));
    expect(error.code).toBe("authoring_failed");
    expect(server.requests).toHaveLength(2);
    expect(messagesOf(1)[3]!.content).toContain("could not be used");
  });
});

describe("openai-compatible painter", () => {
  it("calls the images endpoint and returns the b64 image cropped to 16:9", async () => {
    const square = await rasterizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="teal"/></svg>',
      512,
    );
    server.images.push(imageAnswer(square.bytes));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.paintImage({ prompt: "a lighthouse in a storm", mood: "ominous", aspect: "16:9" });

    expect(result.provider).toBe("openai-compatible");
    expect(result.mimeType).toBe("image/png");
    const size = imageSize(result.bytes);
    expect(size).not.toBeNull();
    expect(size!.width / size!.height).toBeCloseTo(16 / 9, 2);
    expect([result.width, result.height]).toEqual([size!.width, size!.height]);
    expect(result.prompt).toContain("a lighthouse in a storm");
    expect(result.artStyle).toBe(DEFAULT_ART_STYLE);

    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.path).toBe("/v1/images/generations");
    expect(req.body).toMatchObject({ model: "fake-image", n: 1, size: "1536x1024" });
    expect(req.body.prompt).toContain("a lighthouse in a storm");
    expect(req.body.prompt).toContain("ominous");
  });

  it("keeps a square image square", async () => {
    const square = await rasterizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="red"/></svg>',
      256,
    );
    server.images.push(imageAnswer(square.bytes));
    const provider = createOpenAICompatibleProvider(config());
    const result = await provider.paintImage({ prompt: "a fox", aspect: "1:1" });
    expect(result.bytes.equals(square.bytes)).toBe(true);
    expect(server.requests[0]!.body.size).toBe("1024x1024");
  });

  it("paints locally, and says so, when no image model is configured", async () => {
    const provider = createOpenAICompatibleProvider(config({ imageModel: undefined }));
    const result = await provider.paintImage({ prompt: "a fox", aspect: "16:9" });
    expect(result.provider).toBe("local");
    expect(server.requests).toHaveLength(0);
  });

  it("paints a character's portrait with the local portrait painter when no image model is configured", async () => {
    const provider = createOpenAICompatibleProvider(config({ imageModel: undefined }));
    const portrait = { stance: { label: "Stern", mood: "stern", expression: "jaw set" }, camera: "close-up" };
    const result = await provider.paintImage({
      prompt: "Maren, an old keeper, jaw set",
      subject: "Maren, an old keeper",
      aspect: "16:9",
      portrait,
    });
    expect(result.provider).toBe("local");
    expect(result.artStyle).toBe("procedural vector portrait: close-up; stern");
    expect(result.manifest?.objects).toEqual([expect.objectContaining({ subject: true, label: "keeper" })]);
    expect(server.requests).toHaveLength(0);
  });

  it("asks the image model for the stance's portrait in words when one is configured", async () => {
    const wide = await rasterizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="teal"/></svg>',
      640,
    );
    server.images.push(imageAnswer(wide.bytes));
    const provider = createOpenAICompatibleProvider(config());
    const portrait = { stance: { label: "Stern", mood: "stern", expression: "jaw set" }, camera: "close-up" };
    const result = await provider.paintImage({
      prompt: "Maren, an old keeper, jaw set, close-up",
      mood: "stern",
      subject: "Maren, an old keeper",
      aspect: "16:9",
      portrait,
    });
    expect(result.provider).toBe("openai-compatible");
    expect(server.requests[0]!.body.prompt).toContain("Maren, an old keeper, jaw set, close-up");
    expect(server.requests[0]!.body.prompt).toContain("stern");
  });

  it("times out an image server that never answers", async () => {
    server.images.push({ hang: true });
    const provider = createOpenAICompatibleProvider(config({ timeoutMs: 250 }));
    const error = await rejection(provider.paintImage({ prompt: "a fox", aspect: "16:9" }));
    expect(error.code).toBe("timeout");
  });
});
