import type { World } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { renderClip, type RenderedClip } from "./render";
import type { ClipSpec } from "./requests";
import { verifyClip, type ClipVerification } from "./verify";

/*
 * One clip rendered and verified in one call, and a batch's clips one after another in this
 * process: the plain loop the batch job is measured against (`npm run bench`, issue 15's floor).
 */

export interface ClipOutcome {
  rendered: RenderedClip;
  verification: ClipVerification;
}

export async function renderAndVerifyClip(input: {
  mode: Mode;
  world: World;
  spec: ClipSpec;
  baseUrl: string;
  signal?: AbortSignal;
}): Promise<ClipOutcome> {
  const rendered = await renderClip(input);
  const verification = await verifyClip({
    mode: input.mode,
    world: input.world,
    spec: input.spec,
    rendered,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return { rendered, verification };
}

/**
 * Every clip, in this process, `concurrency` at a time (default 1: one after another; give the
 * CPU pool's size for a floor that keeps every worker thread busy). Outcomes come in the specs'
 * order; a clip that throws is reported, not fatal, unless the signal aborted it.
 */
export async function renderAndVerifyClips(input: {
  mode: Mode;
  world: World;
  specs: readonly ClipSpec[];
  baseUrl: string;
  concurrency?: number;
  signal?: AbortSignal;
}): Promise<Array<ClipOutcome | { error: string }>> {
  const out: Array<ClipOutcome | { error: string }> = new Array(input.specs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < input.specs.length) {
      const i = next++;
      input.signal?.throwIfAborted();
      try {
        out[i] = await renderAndVerifyClip({
          mode: input.mode,
          world: input.world,
          spec: input.specs[i] as ClipSpec,
          baseUrl: input.baseUrl,
          ...(input.signal ? { signal: input.signal } : {}),
        });
      } catch (error) {
        if (input.signal?.aborted) throw error;
        out[i] = { error: error instanceof Error ? error.message : String(error) };
      }
    }
  };
  const lanes = Math.max(1, Math.min(input.specs.length, Math.floor(input.concurrency ?? 1)));
  await Promise.all(Array.from({ length: lanes }, lane));
  return out;
}
