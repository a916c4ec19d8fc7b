// The connection to an OpenAI-compatible server (openai-compatible.ts): the AI SDK's client,
// the per-request timeout and cancellation with failures mapped to ProviderError, and one chat
// completion in JSON mode.
import { createOpenAICompatible, type OpenAICompatibleProvider } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  generateText,
  jsonSchema,
  NoObjectGeneratedError,
  Output,
  RetryError,
  type JSONSchema7,
  type ModelMessage,
  type OutputInterface,
} from "ai";
import type { OpenAICompatibleConfig } from "./config";
import { ProviderError } from "./errors";
import { throwIfCancelled } from "./gate";

export const PROVIDER = "openai-compatible" as const;
/** The provider name given to the SDK; also its providerOptions key. */
const SDK_NAME = "worlds";

export interface Call {
  system: string;
  messages: ModelMessage[];
  schema: JSONSchema7;
  schemaName: string;
  signal?: AbortSignal;
  /** Another chat model of the same server (a character's `modelId`); default `config.model`. */
  model?: string;
}

export interface OpenAICompatibleConnection {
  client: OpenAICompatibleProvider;
  /** Runs `work` under the per-request timeout and the caller's signal; maps failures to ProviderError. */
  withTimeout<T>(what: string, signal: AbortSignal | undefined, work: (abortSignal: AbortSignal) => Promise<T>): Promise<T>;
  /** One chat completion in JSON mode; returns the raw answer text (parsing is ours). */
  complete(what: string, call: Call): Promise<string>;
}

export function connectOpenAICompatible(config: OpenAICompatibleConfig): OpenAICompatibleConnection {
  const client: OpenAICompatibleProvider = createOpenAICompatible({
    name: SDK_NAME,
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    supportsStructuredOutputs: config.jsonMode === "json_schema",
  });

  /** Runs `work` under the per-request timeout and the caller's signal; maps failures to ProviderError. */
  async function withTimeout<T>(what: string, signal: AbortSignal | undefined, work: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    throwIfCancelled(signal, PROVIDER);
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await work(combined);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal?.aborted) throw new ProviderError("cancelled", `The ${what} request was cancelled.`, { provider: PROVIDER, cause: error });
      if (timeout.aborted) {
        throw new ProviderError("timeout", `The ${what} request to ${config.baseURL} got no answer within ${config.timeoutMs} ms.`, {
          provider: PROVIDER,
          cause: error,
        });
      }
      const last = RetryError.isInstance(error) ? error.lastError : error;
      if (APICallError.isInstance(last)) {
        const status = last.statusCode;
        throw new ProviderError(
          "upstream",
          `The ${what} request to ${config.baseURL} failed${status ? ` with HTTP ${status}` : ""}: ${last.message}`,
          {
            provider: PROVIDER,
            status,
            cause: error,
          },
        );
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new ProviderError("upstream", `The ${what} request to ${config.baseURL} failed: ${message}`, {
        provider: PROVIDER,
        cause: error,
      });
    }
  }

  /** One chat completion in JSON mode; returns the raw answer text (parsing is ours). */
  async function complete(what: string, call: Call): Promise<string> {
    const output: OutputInterface | undefined =
      config.jsonMode === "json_object"
        ? Output.json()
        : config.jsonMode === "json_schema"
          ? Output.object({ schema: jsonSchema(call.schema), name: call.schemaName })
          : undefined;
    return withTimeout(what, call.signal, async (abortSignal) => {
      try {
        const result = await generateText({
          model: client.chatModel(call.model ?? config.model),
          system: call.system,
          messages: call.messages,
          output,
          maxRetries: config.transportRetries,
          abortSignal,
          // The SMWorld keys states by id (a record), which strict JSON-schema mode cannot express.
          providerOptions: { openaiCompatible: { strictJsonSchema: false } },
        });
        return result.text;
      } catch (error) {
        // The SDK refuses a non-JSON answer; a malformed answer is a failed attempt, not an error.
        if (NoObjectGeneratedError.isInstance(error)) return error.text ?? "";
        throw error;
      }
    });
  }

  return { client, withTimeout, complete };
}
