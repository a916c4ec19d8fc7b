import { openAICompatibleConfigFromEnv, type EnvSource, type OpenAICompatibleConfig } from "./config";
import { createLocalProvider } from "./local";
import { createMockProvider } from "./mock";
import { createOpenAICompatibleProvider } from "./openai-compatible";
import type { Provider } from "./provider";

// lib/ai's public surface: one Provider interface, three implementations, and getProvider(mode).

export type {
  AuthorCharacterInput,
  AuthoredCharacter,
  ActInput,
  Affect,
  Aspect,
  AuthorResult,
  AuthorWorldInput,
  Bible,
  Box,
  Capability,
  Chapter,
  CharacterAction,
  ChatCharacter,
  ChatInput,
  ChatResult,
  DescribeInput,
  DescribeResult,
  Detection,
  GroundedObject,
  GroundInput,
  GroundResult,
  ObjectDetector,
  PaintInput,
  PortraitRequest,
  PaintReference,
  PaintResult,
  Provider,
  ProviderName,
  ReferenceLook,
  SegmentOptions,
  SpeechInput,
  SpeechResult,
  Stance,
  SubjectRefInput,
  VisionFrame,
  VisionSource,
} from "./provider";
export { PROVIDER_NAMES } from "./provider";
export type { ManifestObject, SceneManifest, TimeOfDay, Weather } from "./scene-manifest";
export { isProviderError, ProviderError } from "./errors";
export type { ProviderErrorCode, ProviderErrorDetails } from "./errors";
export { DEFAULT_ART_STYLE, openAICompatibleConfigFromEnv, readAiEnv } from "./config";
export type { AiEnv, EnvSource, JsonMode, OpenAICompatibleConfig } from "./config";
export { createMockProvider } from "./mock";
export { createLocalProvider, nounKindsLocally, seedSentenceLocally } from "./local";
export { createOpenAICompatibleProvider } from "./openai-compatible";
export { authorFromText, MAX_CHAPTERS, proceduralBible, segmentText } from "./book";
export { imageSize, rasterizeSvg } from "./raster";
export { detectAction, emotionOf, mockChat, nearestStance, NEUTRAL_AFFECT, normalizeAffect, stancePoint } from "./chat";
export { localChat, prepareLocalBrain, understand, warmLocalBrain } from "./brain";
export type { Understanding } from "./brain";
export { DEFAULT_VOICE, encodeWav, mockSpeech, wavInfo } from "./speech";
export { ZCharacterAction } from "./openai-runtime";
export { worldOutline } from "./edit";
export type { ProposeEditInput, ProposeEditResult } from "./provider";

export type ProviderMode = "test" | "live";

const mock = createMockProvider();
const local = createLocalProvider();
let remote: { key: string; provider: Provider } | undefined;

/**
 * The provider for a key mode: `mock` for test keys, always; for live keys `openai-compatible`
 * when AI_BASE_URL is set (AI_MODEL required), else the embedded `local` provider. Throws a
 * `config` ProviderError when the AI_* settings are invalid.
 */
export function getProvider(mode: ProviderMode, env: EnvSource = process.env): Provider {
  if (mode === "test") return mock;
  const config: OpenAICompatibleConfig | null = openAICompatibleConfigFromEnv(env);
  if (config === null) return local;
  const key = JSON.stringify(config);
  if (remote?.key !== key) remote = { key, provider: createOpenAICompatibleProvider(config) };
  return remote.provider;
}
