import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_ART_STYLE, type OpenAICompatibleConfig } from "./config";
import { createOpenAICompatibleProvider } from "./openai-compatible";
import type { ChatInput } from "./provider";
import { chatAnswer, startFakeOpenAI, type FakeOpenAIServer } from "./testing/fake-openai-server";

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
  vi.unstubAllEnvs();
});

function config(baseURL = server.baseURL): OpenAICompatibleConfig {
  return {
    baseURL,
    apiKey: "k",
    model: "fake-chat",
    imageSize: "1536x1024",
    jsonMode: "json_object",
    timeoutMs: 5000,
    maxAttempts: 2,
    transportRetries: 0,
    artStyle: DEFAULT_ART_STYLE,
  };
}

const INPUT: ChatInput = {
  character: {
    name: "Ilse",
    persona: "You are Ilse.",
    lore: "The lamp burns whale oil.",
    greeting: "",
    examples: "",
    scene: "",
    style: "",
    stances: [
      { id: "calm", label: "Calm", mood: "calm", expression: "" },
      { id: "glad", label: "Glad", mood: "happy", expression: "" },
    ],
    modelId: "ilse-model",
  },
  text: "What burns in the lamp?",
  currentStance: "calm",
  history: [
    { role: "user", text: "Hello" },
    { role: "character", text: "Hello yourself." },
  ],
  affect: { v: 0, a: 0, d: 0, rapport: 0 },
  memory: "The player likes ships.",
};

describe("openai-compatible chat", () => {
  it("sends the brain server-side and lands the JSON turn", async () => {
    server.chat.push(
      chatAnswer(
        JSON.stringify({
          reply: "Whale oil, always.",
          stance: "glad",
          emotion: "Proud of it",
          affect: { v: 0.4, a: 0.1, d: 0.2, rapport: 0.3 },
          action: { type: "fetch_object", object: "oil can" },
        }),
      ),
    );
    const turn = await createOpenAICompatibleProvider(config()).chat(INPUT);
    expect(turn).toEqual({
      reply: "Whale oil, always.",
      stance: "glad",
      emotion: "proud",
      affect: { v: 0.4, a: 0.1, d: 0.2, rapport: 0.3 },
      action: { type: "fetch_object", object: "oil can" },
      provider: "openai-compatible",
    });
    const request = server.requests[0]!;
    expect(request.body.model).toBe("ilse-model");
    const prompt = JSON.stringify(request.body.messages);
    for (const part of ["You are Ilse.", "whale oil", "calm: Calm", "Hello yourself.", "likes ships", "What burns in the lamp?"])
      expect(prompt).toContain(part);
  });

  it("keeps to the palette and falls back to the local brain for what the model got wrong", async () => {
    server.chat.push(chatAnswer(JSON.stringify({ reply: "Hm.", stance: "furious", affect: "lots", action: { type: "explode" } })));
    const turn = await createOpenAICompatibleProvider(config()).chat(INPUT);
    expect(["calm", "glad"]).toContain(turn.stance);
    expect(turn.reply).toBe("Hm.");
    expect(turn.action).toBeUndefined();
    expect(Math.abs(turn.affect.v)).toBeLessThanOrEqual(1);

    server.chat.push(chatAnswer("Just plain words, no JSON."));
    expect((await createOpenAICompatibleProvider(config()).chat(INPUT)).reply).toBe("Just plain words, no JSON.");

    server.chat.push(chatAnswer(""));
    await expect(createOpenAICompatibleProvider(config()).chat(INPUT)).rejects.toMatchObject({ code: "upstream" });
  });
});

describe("openai-compatible speech", () => {
  it("speaks through /audio/speech when AI_SPEECH_MODEL is set, else with the local voice", async () => {
    const seen: { path?: string; body?: Record<string, unknown>; auth?: string } = {};
    const audio = Buffer.from("ID3fake-mp3-bytes");
    const speech = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        Object.assign(seen, { path: req.url, body: JSON.parse(raw), auth: req.headers.authorization });
        res.writeHead(200, { "content-type": "audio/mpeg" }).end(audio);
      });
    });
    await new Promise<void>((resolve) => speech.listen(0, "127.0.0.1", resolve));
    const baseURL = `http://127.0.0.1:${(speech.address() as AddressInfo).port}/v1`;
    try {
      vi.stubEnv("AI_SPEECH_MODEL", "tts-fake");
      vi.stubEnv("AI_SPEECH_VOICE", "verse");
      const spoken = await createOpenAICompatibleProvider(config(baseURL)).speak({ text: "Hello" });
      expect(spoken).toMatchObject({ mimeType: "audio/mpeg", voiceId: "verse", provider: "openai-compatible" });
      expect(spoken.bytes.equals(audio)).toBe(true);
      expect(seen).toEqual({
        path: "/v1/audio/speech",
        body: { model: "tts-fake", input: "Hello", voice: "verse", response_format: "mp3" },
        auth: "Bearer k",
      });
      expect((await createOpenAICompatibleProvider(config(baseURL)).speak({ text: "Hi", voiceId: "alloy" })).voiceId).toBe("alloy");

      vi.stubEnv("AI_SPEECH_MODEL", "");
      const local = await createOpenAICompatibleProvider(config(baseURL)).speak({ text: "Hello" });
      expect(local).toMatchObject({ mimeType: "audio/wav", provider: "local" });
    } finally {
      speech.closeAllConnections();
      await new Promise<void>((resolve) => speech.close(() => resolve()));
    }
  });
});
