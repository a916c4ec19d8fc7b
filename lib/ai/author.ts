import type { Diagnostic, World } from "@/lib/kernel";
import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { getProvider, isProviderError, type Bible, type Chapter, type ProviderName } from "./index";

/**
 * The seam between world creation and whatever writes the graph. Test mode always uses the
 * kernel's deterministic mock (docs/api.md "Worlds"); live mode uses the configured provider: `openai-compatible`
 * when AI_BASE_URL is set, else the embedded `local` author (docs/providers.md).
 */
export interface AuthorInput {
  worldId: string;
  premise?: string;
  text?: string;
  frameRef?: string;
  pov: string;
  subjectRef?: { imageUrl: string; descriptor?: string };
  /** The seed frame's pixels, for an author that looks at them (provider.ts AuthorWorldInput). */
  seedImage?: { bytes: Uint8Array; mimeType: string };
  signal?: AbortSignal;
}

export interface AuthoredWorld {
  world: World;
  /** mock | local | openai-compatible */
  provider: ProviderName;
  /** Whether the author landed gate-clean on its first answer (the create response's `ok`). */
  ok: boolean;
  attempts: number;
  /** Advisory findings of the world (never errors). */
  diagnostics: Diagnostic[];
}

/** A provider failure as the API error it means; anything else is returned unchanged. */
export function toApiError(error: unknown): unknown {
  if (!isProviderError(error)) return error;
  switch (error.code) {
    case "authoring_failed":
      return new ApiError("validation_failed", `The world author failed: ${error.message} Nothing was created.`, {
        ...(error.errors.length > 0 ? { errors: error.errors } : {}),
        diagnostics: error.diagnostics,
      });
    case "timeout":
    case "upstream":
      return new ApiError("upstream_failed", `The world author is unavailable: ${error.message} Nothing was created; it is safe to retry.`);
    case "cancelled":
      return new ApiError("unavailable", "The generation was cancelled before it finished; nothing was created.");
    case "config":
      return new ApiError("unavailable", `Live generation is misconfigured on this server: ${error.message}`);
  }
}

export async function authorWorld(mode: Mode, input: AuthorInput): Promise<AuthoredWorld> {
  try {
    const provider = getProvider(mode);
    const result = await provider.authorWorld({
      worldId: input.worldId,
      premise: input.premise,
      text: input.text,
      frameRef: input.frameRef,
      pov: input.pov,
      subjectRef: input.subjectRef,
      ...(input.seedImage ? { seedImage: input.seedImage } : {}),
      signal: input.signal,
    });
    return { world: result.world, provider: result.provider, ok: result.ok, attempts: result.attempts, diagnostics: result.diagnostics };
  } catch (error) {
    throw toApiError(error);
  }
}

/** One act of a book (a campaign chapter): the provider's `authorAct` from the book's bible. */
export async function authorChapter(
  mode: Mode,
  bible: Bible,
  chapter: Chapter,
  input: Omit<AuthorInput, "premise" | "text">,
): Promise<AuthoredWorld> {
  try {
    const result = await getProvider(mode).authorAct(bible, chapter, {
      worldId: input.worldId,
      pov: input.pov,
      frameRef: input.frameRef,
      subjectRef: input.subjectRef,
      signal: input.signal,
    });
    return { world: result.world, provider: result.provider, ok: result.ok, attempts: result.attempts, diagnostics: result.diagnostics };
  } catch (error) {
    throw toApiError(error);
  }
}
