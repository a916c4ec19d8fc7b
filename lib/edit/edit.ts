import { getProvider, isProviderError, type ProviderName } from "@/lib/ai";
import { ApiError } from "@/lib/errors";
import type { World } from "@/lib/kernel";
import { withQuota } from "@/lib/quota/quota";
import { playtestGuard } from "@/lib/worlds/playtest-guard";
import { applyOpsToWorld, gateOps, getFreshWorldOrThrow, getWorldOrThrow, revMismatch, type Caller } from "@/lib/worlds/worlds";
import { proposeLocalEdit, type Proposal } from "./local";
import { proposeMockEdit } from "./mock";
import type { EditBody } from "./requests";
import { editPreviewBody, editResultBody } from "./serialize";

/** Who turns an instruction into ops: test keys the mock, live keys the configured model when it can edit, else the grammar. */
async function propose(mode: Caller["mode"], world: World, instruction: string): Promise<Proposal & { provider: ProviderName }> {
  if (mode === "test") return { ...proposeMockEdit(world, instruction), provider: "mock" };
  try {
    const provider = getProvider("live");
    if (!provider.capabilities.has("edit") || !provider.proposeEdit) return { ...proposeLocalEdit(world, instruction), provider: "local" };
    const { ops, summary } = await provider.proposeEdit({ world, instruction });
    return { ops, summary, provider: provider.name };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (error.code === "authoring_failed") throw new ApiError("validation_failed", `The instruction could not be turned into ops: ${error.message}`);
    if (error.code === "config") throw new ApiError("unavailable", `The edit model is misconfigured (${error.message}); nothing was done.`);
    throw new ApiError("upstream_failed", `The edit model failed (${error.message}); nothing was done or charged. It is safe to retry.`);
  }
}

/**
 * POST /v1/worlds/{id}/edit: an instruction becomes a batch of public ops, applied through the
 * same path as /ops (gate, play-throughs, compare-and-set on rev) or previewed with `dryRun`.
 * One `edit` of quota is reserved before any work and given back when the edit fails.
 */
export async function editWorld(caller: Caller, worldId: string, body: EditBody, expectedRev: string | undefined) {
  // A stale rev or an unknown world answers before any quota is reserved or model called.
  let base = await getWorldOrThrow(caller, worldId);
  if (expectedRev !== undefined && base.rev !== expectedRev) {
    base = await getFreshWorldOrThrow(caller, worldId);
    if (base.rev !== expectedRev) throw revMismatch(base.rev);
  }
  return withQuota(caller.appId, "edit", async () => {
    const proposal = await propose(caller.mode, base.graph, body.instruction);
    if (body.dryRun) {
      const guard = await playtestGuard(worldId, body);
      const gated = gateOps(base.graph, proposal.ops);
      return editPreviewBody({ ...gated, playtests: guard.check(gated.world), baseRev: base.rev }, proposal, caller.mode);
    }
    return editResultBody(await applyOpsToWorld(caller, worldId, proposal.ops, expectedRev, body), proposal, caller.mode);
  });
}
