import type { World } from "@/lib/kernel";
import type { Mode } from "@/lib/keys/key-string";
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

export async function renderAndVerifyClip(input: { mode: Mode; world: World; spec: ClipSpec; baseUrl: string; signal?: AbortSignal }): Promise<ClipOutcome> {
  const rendered = await renderClip(input);
  const verification = await verifyClip({ mode: input.mode, world: input.world, spec: input.spec, rendered, ...(input.signal ? { signal: input.signal } : {}) });
  return { rendered, verification };
}

/** Every clip in order, in this process; a clip that throws is reported, not fatal. */
export async function renderAndVerifyClips(input: { mode: Mode; world: World; specs: readonly ClipSpec[]; baseUrl: string; signal?: AbortSignal }): Promise<Array<ClipOutcome | { error: string }>> {
  const out: Array<ClipOutcome | { error: string }> = [];
  for (const spec of input.specs) {
    input.signal?.throwIfAborted();
    try {
      out.push(await renderAndVerifyClip({ mode: input.mode, world: input.world, spec, baseUrl: input.baseUrl, ...(input.signal ? { signal: input.signal } : {}) }));
    } catch (error) {
      if (input.signal?.aborted) throw error;
      out.push({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}
