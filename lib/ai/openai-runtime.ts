import type { JSONSchema7 } from "ai";
import { z } from "zod";
import { localChat } from "./brain";
import { emotionOf, normalizeAffect, stanceOrFirst } from "./chat";
import { ProviderError } from "./errors";
import { parseJsonAnswer } from "./land";
import type { CharacterAction, ChatInput, ChatResult } from "./provider";

// The openai-compatible provider's chat and speech: the prompt of a character turn, landing the
// model's JSON answer on the turn shape, and the `/audio/speech` request.

const PROVIDER = "openai-compatible" as const;
const MAX_HISTORY = 16;
const MAX_FIELD_CHARS = 6_000;

const clip = (text: string, max = MAX_FIELD_CHARS) => (text.length > max ? `${text.slice(0, max)}…` : text);

export const CHAT_SYSTEM_PROMPT = [
  "You are the brain of an interactive character in an embedded game. Stay in character; never mention being an AI, a model or a prompt.",
  "Answer each user line with ONE JSON object and nothing else:",
  '{"reply": string (what the character says aloud, 1-3 sentences), "stance": string (one stance id of the palette), "emotion": string (one word), "affect": {"v": number -1..1 (valence), "a": number -1..1 (arousal), "d": number -1..1 (dominance), "rapport": number 0..1}, "action"?: {"type": "show_image", "description": string} | {"type": "fetch_object", "object": string} | {"type": "change_location", "location": string}}',
  "Move the affect a little each turn in response to what was said; pick the stance whose mood fits the new affect; include `action` only when the character actually does one of those things.",
].join("\n");

export const ZChatAnswer = z.object({
  reply: z.string(),
  stance: z.string().optional(),
  emotion: z.string().optional(),
  affect: z.object({ v: z.number(), a: z.number(), d: z.number(), rapport: z.number() }).partial().optional(),
  action: z.unknown().optional(),
});
export const CHAT_JSON_SCHEMA = z.toJSONSchema(ZChatAnswer, { target: "draft-7", io: "input" }) as JSONSchema7;

export const ZCharacterAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("show_image"), description: z.string().trim().min(1).max(300) }),
  z.object({ type: z.literal("fetch_object"), object: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal("change_location"), location: z.string().trim().min(1).max(200) }),
]);

/** The character's brain and the conversation so far, as the model's user message. */
export function chatPrompt(input: ChatInput): string {
  const c = input.character;
  const palette = c.stances.map((s) => `- ${s.id}: ${s.label}; mood ${s.mood || "-"}; looks: ${s.expression || "-"}`).join("\n");
  const history = input.history
    .slice(-MAX_HISTORY)
    .map((turn) => `${/^(user|player|you)$/i.test(turn.role) ? "User" : c.name}: ${clip(turn.text, 1000)}`)
    .join("\n");
  return [
    `Character: ${c.name}`,
    c.persona && `Persona:\n${clip(c.persona)}`,
    c.lore && `Lore (facts the character knows):\n${clip(c.lore)}`,
    c.scene && `Setting: ${clip(c.scene, 1000)}`,
    c.style && `Speaking style: ${clip(c.style, 500)}`,
    c.speakingDetail && `How they speak: ${clip(c.speakingDetail, 500)}`,
    c.examples && `Example lines:\n${clip(c.examples, 3000)}`,
    `Stance palette:\n${palette}`,
    `Current stance: ${input.currentStance}`,
    `Current affect: ${JSON.stringify(normalizeAffect(input.affect))}`,
    input.memory && `Memory notes: ${clip(input.memory, 3000)}`,
    history && `Conversation so far:\n${history}`,
    `User: ${clip(input.text, 4000)}`,
    "Answer with the JSON object only.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * The model's answer as a turn. Tolerant: a stance not of the palette, a missing or malformed
 * affect or action falls back to what the local brain reads from the same input; a non-JSON but
 * non-empty answer becomes the reply. Only an empty answer fails (`upstream`).
 */
export function landChatAnswer(text: string, input: ChatInput): ChatResult {
  const fallback = localChat(input);
  const parsed = parseJsonAnswer(text);
  const value =
    parsed.ok && typeof parsed.value === "object" && parsed.value !== null ? (parsed.value as Record<string, unknown>) : undefined;
  if (!value || typeof value.reply !== "string") {
    const reply = text.trim();
    if (reply === "" || value !== undefined || reply.startsWith("{"))
      throw new ProviderError("upstream", "The chat model gave no usable answer.", { provider: PROVIDER });
    return { ...fallback, reply: clip(reply, 2000), provider: PROVIDER };
  }
  // Each field on its own: one malformed field does not cost the others.
  const field = <T>(schema: z.ZodType<T>, v: unknown): T | undefined => {
    const r = schema.safeParse(v);
    return r.success ? r.data : undefined;
  };
  const stances = input.character.stances;
  const wanted = field(z.string(), value.stance);
  const stance = stanceOrFirst(stances, stances.some((s) => s.id === wanted) ? wanted : fallback.stance);
  const affect = field(ZChatAnswer.shape.affect, value.affect);
  const action = field(ZCharacterAction, value.action);
  const emotion = field(z.string(), value.emotion);
  const reply = value.reply.trim();
  return {
    reply: clip(reply === "" ? fallback.reply : reply, 2000),
    stance: stance.id,
    emotion: (emotion?.trim().split(/\s+/)[0] ?? "").toLowerCase().slice(0, 40) || emotionOf(stance),
    affect: affect ? normalizeAffect({ ...fallback.affect, ...affect }) : fallback.affect,
    ...(action ? { action: action as CharacterAction } : {}),
    provider: PROVIDER,
  };
}

/** AI_SPEECH_MODEL and AI_SPEECH_VOICE (docs/runtime.md); no model: the local voice speaks. */
export function speechSettings(env: Readonly<Record<string, string | undefined>> = process.env): { model?: string; voice: string } {
  const model = env.AI_SPEECH_MODEL?.trim() || undefined;
  return { model, voice: env.AI_SPEECH_VOICE?.trim() || "alloy" };
}

/** POST {baseURL}/audio/speech (OpenAI's speech API): MP3 bytes. */
export async function requestSpeech(
  config: { baseURL: string; apiKey?: string },
  body: { model: string; input: string; voice: string },
  signal: AbortSignal,
): Promise<Buffer> {
  const response = await fetch(`${config.baseURL}/audio/speech`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({ ...body, response_format: "mp3" }),
    signal,
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new ProviderError("upstream", `The speech request to ${config.baseURL} failed with HTTP ${response.status}: ${detail}`, {
      provider: PROVIDER,
      status: response.status,
    });
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length === 0)
    throw new ProviderError("upstream", `The speech request to ${config.baseURL} returned no audio.`, { provider: PROVIDER });
  return bytes;
}
