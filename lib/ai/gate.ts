import { checkWorld, type Diagnostic, type World } from "@/lib/kernel";
import { ProviderError } from "./errors";
import type { ProviderName } from "./provider";

/** Raises `cancelled` before any work when the caller's signal has already fired. */
export function throwIfCancelled(signal: AbortSignal | undefined, provider: ProviderName): void {
  if (signal?.aborted) throw new ProviderError("cancelled", "The request was cancelled.", { provider });
}

/**
 * The kernel gate for a procedural author's own output. It always passes (property-tested);
 * if it ever did not, the world is refused here, fail-closed, instead of being persisted.
 */
export function gateOwnWorld(world: World, provider: ProviderName): { world: World; diagnostics: Diagnostic[] } {
  const verdict = checkWorld(world);
  if (!verdict.ok || verdict.world === null) {
    throw new ProviderError(
      "authoring_failed",
      `The ${provider} author produced a world the kernel gate refused (a bug; please report the input).`,
      {
        provider,
        attempts: 1,
        diagnostics: verdict.diagnostics,
        errors: verdict.errors,
      },
    );
  }
  return { world: verdict.world, diagnostics: verdict.diagnostics };
}
