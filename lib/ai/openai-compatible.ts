import { generateImage, type JSONSchema7, type ModelMessage } from "ai";
import { z } from "zod";
import { ZWorld } from "@/lib/kernel";
import { authorFromText, proceduralBible, segmentText } from "./book";
import type { OpenAICompatibleConfig } from "./config";
import { ProviderError } from "./errors";
import { EDIT_SYSTEM_PROMPT, editPrompt, editRepairPrompt, landEdit, ZEditAnswer } from "./edit";
import { landWorld, parseJsonAnswer, type Landing } from "./land";
import { paintPortraitLocally } from "./local";
import { effectivePrompt, paintLocal, sceneSvgDataUri } from "./local/painter";
import { cleanText } from "./local/text";
import { CHAT_JSON_SCHEMA, CHAT_SYSTEM_PROMPT, chatPrompt, landChatAnswer, requestSpeech, speechSettings } from "./openai-runtime";
import { speakLocally } from "./local";
import { describeWithModel, groundWithModel } from "./openai-vision";
import { CHARACTER_JSON_SCHEMA, CHARACTER_SYSTEM_PROMPT, characterPrompt, characterRepairPrompt, landCharacterAnswer } from "./character";
import {
  actPrompt,
  AUTHOR_SYSTEM_PROMPT,
  BIBLE_SYSTEM_PROMPT,
  biblePrompt,
  bibleRepairPrompt,
  premisePrompt,
  repairPrompt,
  type PromptContext,
} from "./prompts";
import {
  type ActInput,
  type AuthorResult,
  type AuthorWorldInput,
  type Bible,
  type Capability,
  type ChatInput,
  type ChatResult,
  type PaintInput,
  type PaintResult,
  type Provider,
  type SpeechInput,
  type SpeechResult,
} from "./provider";
import { fitToAspect, imageSize } from "./raster";
import { connectOpenAICompatible, PROVIDER } from "./openai-compatible-client";

// Any server that speaks the OpenAI chat-completions and images API (OpenAI, Ollama, vLLM,
// LM Studio, OpenRouter), through the Vercel AI SDK's OpenAI-compatible provider. The author
// asks for JSON, lands it through the kernel gate and, when the gate refuses it, sends the
// diagnostics back for a corrected world, up to `maxAttempts` answers in all.

/** The previous answer is echoed back in a repair round, clipped to this many characters. */
const MAX_ECHO_CHARS = 24_000;

const WORLD_JSON_SCHEMA = z.toJSONSchema(ZWorld, { target: "draft-7", io: "input" }) as JSONSchema7;

export const ZBibleAnswer = z.object({
  title: z.string().trim().min(1),
  protagonist: z.string().trim().min(1),
  setting: z.string().default(""),
  tone: z.string().default(""),
  characters: z.array(z.string()).default([]),
  places: z.array(z.string()).default([]),
  motifs: z.array(z.string()).default([]),
  summary: z.string().default(""),
});
const BIBLE_JSON_SCHEMA = z.toJSONSchema(ZBibleAnswer, { target: "draft-7", io: "input" }) as JSONSchema7;
const EDIT_JSON_SCHEMA = z.toJSONSchema(ZEditAnswer, { target: "draft-7", io: "input", unrepresentable: "any" }) as JSONSchema7;
/** A character's answers: the first, and one repair round with what was wrong. */
const CHARACTER_ATTEMPTS = 2;
/** An edit's answers: the first, and one repair round with the refusal's findings. */
const EDIT_ATTEMPTS = 2;

export function createOpenAICompatibleProvider(config: OpenAICompatibleConfig): Provider {
  const { client, withTimeout, complete } = connectOpenAICompatible(config);
  const capabilities: ReadonlySet<Capability> = new Set<Capability>(["author", "paint", "book", "chat", "speech", "vision", "edit"]);

  const placeholderImage = (world: Record<string, unknown>): string => {
    const name = typeof world.name === "string" ? world.name : "";
    const description = typeof world.description === "string" ? world.description : "";
    return sceneSvgDataUri({ prompt: `${name} ${description}`, aspect: "16:9" });
  };

  async function authorLoop(
    userPrompt: string,
    input: {
      worldId: string;
      frameRef?: string;
      subjectRef?: ActInput["subjectRef"];
      seedImage?: AuthorWorldInput["seedImage"];
      signal?: AbortSignal;
    },
  ): Promise<AuthorResult> {
    // A seed frame goes with the prompt as an image part: the model sees what the world opens on.
    const first: ModelMessage = input.seedImage
      ? {
          role: "user",
          content: [
            { type: "text", text: userPrompt },
            { type: "image", image: input.seedImage.bytes, mediaType: input.seedImage.mimeType },
          ],
        }
      : { role: "user", content: userPrompt };
    let messages: ModelMessage[] = [first];
    let last: Extract<Landing, { ok: false }> | undefined;
    for (let attempt = 1; attempt <= config.maxAttempts; attempt++) {
      const text = await complete("author", {
        system: AUTHOR_SYSTEM_PROMPT,
        messages,
        schema: WORLD_JSON_SCHEMA,
        schemaName: "world",
        signal: input.signal,
      });
      const landing = landWorld(text, { worldId: input.worldId, frameRef: input.frameRef, subjectRef: input.subjectRef, placeholderImage });
      if (landing.ok)
        return { world: landing.world, ok: attempt === 1, provider: PROVIDER, attempts: attempt, diagnostics: landing.diagnostics };
      last = landing;
      // Only the latest failed answer is echoed back, so the context stays bounded.
      const echo = text.trim() === "" ? "(empty answer)" : text.length > MAX_ECHO_CHARS ? `${text.slice(0, MAX_ECHO_CHARS)}…` : text;
      messages = [first, { role: "assistant", content: echo }, { role: "user", content: repairPrompt(landing) }];
    }
    const failure = last as Extract<Landing, { ok: false }>;
    const firstError = failure.diagnostics.find((d) => d.severity === "error")?.message ?? failure.errors[0] ?? failure.message;
    throw new ProviderError(
      "authoring_failed",
      `The model did not produce a gate-clean world in ${config.maxAttempts} attempt(s); the last answer: ${failure.message} (${firstError}).`,
      { provider: PROVIDER, attempts: config.maxAttempts, diagnostics: failure.diagnostics, errors: failure.errors },
    );
  }

  const promptContext = (input: {
    pov: string;
    frameRef?: string;
    subjectRef?: ActInput["subjectRef"];
    seedImage?: AuthorWorldInput["seedImage"];
  }): PromptContext => ({
    pov: cleanText(input.pov) || "third person shoulder",
    frameRef: input.frameRef,
    seedImage: input.seedImage !== undefined,
    subjectDescriptor: input.subjectRef?.descriptor ? cleanText(input.subjectRef.descriptor) : undefined,
  });

  const provider: Provider = {
    name: PROVIDER,
    capabilities,

    async authorWorld(input) {
      if (input.text !== undefined && input.text.trim() !== "") {
        return authorFromText(provider, input.text, {
          worldId: input.worldId,
          pov: input.pov,
          frameRef: input.frameRef,
          subjectRef: input.subjectRef,
          signal: input.signal,
        });
      }
      return authorLoop(premisePrompt(input.premise, promptContext(input)), input);
    },

    async paintImage(input: PaintInput): Promise<PaintResult> {
      // No image model configured: the local painter paints, and the result says so.
      // (A character's portrait on the worker pool, as `local` paints it.)
      if (config.imageModel === undefined)
        return input.portrait ? paintPortraitLocally({ ...input, portrait: input.portrait }) : paintLocal(input);
      const imageModel = config.imageModel;
      const prompt = `${effectivePrompt(input.prompt, input.mood)}. ${input.aspect === "16:9" ? "Wide 16:9 cinematic frame" : "Square frame"}, ${config.artStyle}.`;
      return withTimeout("image", input.signal, async (abortSignal) => {
        // A subject reference goes with the prompt: the server's images edits endpoint draws after it.
        const image = input.reference?.image;
        const result = await generateImage({
          model: client.imageModel(imageModel),
          prompt: image
            ? {
                text: `${prompt} The main character looks like the person or figure in the attached reference image.`,
                images: [image.bytes],
              }
            : prompt,
          n: 1,
          size: input.aspect === "16:9" ? config.imageSize : "1024x1024",
          maxRetries: config.transportRetries,
          abortSignal,
        });
        const raw = Buffer.from(result.image.uint8Array);
        const fitted = await fitToAspect(raw, input.aspect, 1920, abortSignal);
        const size = fitted ?? imageSize(raw);
        return {
          bytes: fitted?.bytes ?? raw,
          mimeType: fitted?.mimeType ?? size?.mimeType ?? result.image.mediaType,
          width: size?.width ?? 0,
          height: size?.height ?? 0,
          prompt,
          artStyle: config.artStyle,
          provider: PROVIDER,
        };
      });
    },

    async segmentBook(text, options) {
      return segmentText(text, options);
    },

    async writeBible(text, options) {
      const first: ModelMessage = { role: "user", content: biblePrompt(text) };
      let messages: ModelMessage[] = [first];
      let problem = "";
      for (let attempt = 1; attempt <= config.maxAttempts; attempt++) {
        const answer = await complete("bible", {
          system: BIBLE_SYSTEM_PROMPT,
          messages,
          schema: BIBLE_JSON_SCHEMA,
          schemaName: "bible",
          signal: options?.signal,
        });
        const parsed = parseJsonAnswer(answer);
        if (parsed.ok) {
          const bible = ZBibleAnswer.safeParse(parsed.value);
          if (bible.success) {
            const fallback = proceduralBible(text);
            const d = bible.data;
            const list = (xs: string[]) =>
              xs
                .map(cleanText)
                .filter((x) => x !== "")
                .slice(0, 8);
            return {
              title: cleanText(d.title) || fallback.title,
              protagonist: cleanText(d.protagonist) || fallback.protagonist,
              setting: cleanText(d.setting) || fallback.setting,
              tone: cleanText(d.tone) || fallback.tone,
              characters: list(d.characters),
              places: list(d.places),
              motifs: list(d.motifs),
              summary: cleanText(d.summary) || fallback.summary,
              provider: PROVIDER,
            } satisfies Bible;
          }
          problem = bible.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
        } else {
          problem = parsed.message;
        }
        messages = [
          first,
          { role: "assistant", content: answer.trim() === "" ? "(empty answer)" : answer.slice(0, MAX_ECHO_CHARS) },
          { role: "user", content: bibleRepairPrompt(problem) },
        ];
      }
      throw new ProviderError(
        "authoring_failed",
        `The model did not produce a usable book bible in ${config.maxAttempts} attempt(s): ${problem}.`,
        {
          provider: PROVIDER,
          attempts: config.maxAttempts,
        },
      );
    },

    async authorAct(bible, chapter, input) {
      return authorLoop(actPrompt(bible, chapter, promptContext(input)), input);
    },

    async chat(input: ChatInput): Promise<ChatResult> {
      const text = await complete("chat", {
        system: CHAT_SYSTEM_PROMPT,
        messages: [{ role: "user", content: chatPrompt(input) }],
        schema: CHAT_JSON_SCHEMA,
        schemaName: "character_turn",
        signal: input.signal,
        model: input.character.modelId,
      });
      return landChatAnswer(text, input);
    },

    async authorCharacter(input) {
      const prompt = characterPrompt({ premise: input.premise, image: input.image !== undefined });
      const first: ModelMessage = input.image
        ? {
            role: "user",
            content: [
              { type: "text", text: prompt },
              { type: "image", image: input.image.bytes, mediaType: input.image.mimeType },
            ],
          }
        : { role: "user", content: prompt };
      let messages: ModelMessage[] = [first];
      let problem = "";
      for (let attempt = 1; attempt <= CHARACTER_ATTEMPTS; attempt++) {
        const answer = await complete("character", {
          system: CHARACTER_SYSTEM_PROMPT,
          messages,
          schema: CHARACTER_JSON_SCHEMA,
          schemaName: "character",
          signal: input.signal,
        });
        const landed = landCharacterAnswer(answer);
        if (landed.ok) return { ...landed.character, provider: PROVIDER, attempts: attempt };
        problem = landed.problem;
        messages = [
          first,
          { role: "assistant", content: answer.trim() === "" ? "(empty answer)" : answer.slice(0, MAX_ECHO_CHARS) },
          { role: "user", content: characterRepairPrompt(problem) },
        ];
      }
      throw new ProviderError(
        "authoring_failed",
        `The model gave no usable character in ${CHARACTER_ATTEMPTS} answers (the last: ${problem}).`,
        { provider: PROVIDER, attempts: CHARACTER_ATTEMPTS },
      );
    },

    async proposeEdit(input) {
      const first: ModelMessage = { role: "user", content: editPrompt(input.world, input.instruction) };
      let messages: ModelMessage[] = [first];
      let problems: string[] = [];
      for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt++) {
        const text = await complete("edit", {
          system: EDIT_SYSTEM_PROMPT,
          messages,
          schema: EDIT_JSON_SCHEMA,
          schemaName: "edit",
          signal: input.signal,
        });
        const landing = landEdit(text, input.world);
        if (landing.ok) return { ops: landing.ops, summary: landing.summary, attempts: attempt };
        // The last batch the gate refused still goes to the write path, whose 422 names the findings.
        if (attempt === EDIT_ATTEMPTS && landing.ops && landing.summary !== undefined)
          return { ops: landing.ops, summary: landing.summary, attempts: attempt };
        problems = landing.problems;
        const echo = text.trim() === "" ? "(empty answer)" : text.slice(0, MAX_ECHO_CHARS);
        messages = [first, { role: "assistant", content: echo }, { role: "user", content: editRepairPrompt(problems) }];
      }
      throw new ProviderError(
        "authoring_failed",
        `The model did not answer a valid ops batch in ${EDIT_ATTEMPTS} attempts: ${problems.join(" ")}`,
        { provider: PROVIDER, attempts: EDIT_ATTEMPTS },
      );
    },

    async speak(input: SpeechInput): Promise<SpeechResult> {
      // No speech model configured: the local voice (eSpeak NG, on the worker pool) speaks, and the result says so.
      const settings = speechSettings();
      if (settings.model === undefined) return { ...(await speakLocally(input)), provider: "local" };
      const model = settings.model;
      const voice = input.voiceId ?? settings.voice;
      const bytes = await withTimeout("speech", input.signal, (abortSignal) =>
        requestSpeech(config, { model, input: input.text, voice }, abortSignal),
      );
      const wav = bytes.subarray(0, 4).toString("latin1") === "RIFF";
      return { bytes, mimeType: wav ? "audio/wav" : "audio/mpeg", voiceId: voice, provider: PROVIDER };
    },

    // The frame goes to the configured chat model, which must accept image input.
    ground: (input) => groundWithModel(complete, input),
    describe: (input) => describeWithModel(complete, input),
  };
  return provider;
}
