import { ZAiEnv } from "@/lib/config/env";
import type { z } from "zod";
import { ProviderError } from "./errors";

/** The AI_* settings, declared with the others in lib/config/env.ts, parsed here on their own. */
export type AiEnv = z.infer<typeof ZAiEnv>;

export type JsonMode = AiEnv["AI_JSON_MODE"];

export interface OpenAICompatibleConfig {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 */
  baseURL: string;
  apiKey?: string;
  /** Chat model that authors worlds and bibles. */
  model: string;
  /** Image model for paintImage; without one the local painter paints (and says so). */
  imageModel?: string;
  /** Size requested for 16:9 images (the answer is then cropped to exactly 16:9). */
  imageSize: `${number}x${number}`;
  /** How JSON is requested: `response_format: json_object`, `json_schema` (SMWorld schema), or prompt only. */
  jsonMode: JsonMode;
  /** Per model request (each attempt); a timed-out request is not retried. */
  timeoutMs: number;
  /** Author attempts: the first answer plus repair rounds. */
  maxAttempts: number;
  /** The AI SDK's own retries of transport failures (429, 5xx, network) within one attempt. */
  transportRetries: number;
  /** Style phrase appended to every image prompt. */
  artStyle: string;
}

export const DEFAULT_ART_STYLE = "painterly cinematic concept art, soft volumetric light, no text";

/** Where settings come from: `process.env`, or a plain object in tests. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** The AI_* names the server reads; other AI_* variables are ignored, as zod would strip them. */
const AI_NAMES = Object.keys(ZAiEnv.shape);

function blankless(env: EnvSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of AI_NAMES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") out[name] = value.trim();
  }
  return out;
}

/** The last parse, by the settings' text: every live-mode call asks, and the settings rarely move. */
let lastParse: { key: string; parsed: AiEnv } | undefined;

/** Parses the AI_* settings; a bad value is a `config` ProviderError naming the variable. */
export function readAiEnv(env: EnvSource = process.env): AiEnv {
  const raw = blankless(env);
  const key = JSON.stringify(raw);
  if (lastParse?.key === key) return lastParse.parsed;
  const parsed = ZAiEnv.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ProviderError("config", `Invalid AI configuration: ${lines.join("; ")}`);
  }
  lastParse = { key, parsed: parsed.data };
  return parsed.data;
}

/** The openai-compatible settings, or null when AI_BASE_URL is unset (then live mode is local). */
export function openAICompatibleConfigFromEnv(env: EnvSource = process.env): OpenAICompatibleConfig | null {
  const ai = readAiEnv(env);
  if (ai.AI_BASE_URL === undefined) return null;
  if (ai.AI_MODEL === undefined) {
    throw new ProviderError("config", "AI_BASE_URL is set but AI_MODEL is not; name the chat model that authors worlds.", {
      provider: "openai-compatible",
    });
  }
  return {
    baseURL: ai.AI_BASE_URL.replace(/\/+$/, ""),
    apiKey: ai.AI_API_KEY,
    model: ai.AI_MODEL,
    imageModel: ai.AI_IMAGE_MODEL,
    imageSize: ai.AI_IMAGE_SIZE as `${number}x${number}`,
    jsonMode: ai.AI_JSON_MODE,
    timeoutMs: ai.AI_TIMEOUT_MS,
    maxAttempts: ai.AI_MAX_ATTEMPTS,
    transportRetries: ai.AI_TRANSPORT_RETRIES,
    artStyle: DEFAULT_ART_STYLE,
  };
}
