import { getProvider, isProviderError, type Provider, type ProviderName } from "@/lib/ai";
import { ApiError } from "@/lib/errors";
import type { World } from "@/lib/kernel";
import { withQuota } from "@/lib/quota/quota";
import { playtestGuard } from "@/lib/worlds/playtest-guard";
import type { Caller } from "@/lib/shared/caller";
import { applyOpsToWorld, gateOps, getFreshWorldOrThrow, getWorldOrThrow, revMismatch } from "@/lib/worlds/worlds";
import { proposeLocalEdit, type Proposal } from "./local";
import { proposeMockEdit } from "./mock";
import type { EditBody } from "./requests";
import { editPreviewBody, editResultBody } from "./serialize";

type Proposed = Proposal & { provider: ProviderName };

/** The configured model, when live keys have one that can edit; else the grammar (and test keys the mock) reads instructions. */
function editModel(mode: Caller["mode"]): Provider | undefined {
  if (mode === "test") return undefined;
  const provider = getProvider("live");
  return provider.capabilities.has("edit") && provider.proposeEdit ? provider : undefined;
}

/** The grammar (live) or the mock (test): pure and synchronous, read against the graph being written. */
function proposeOffline(mode: Caller["mode"], world: World, instruction: string): Proposed {
  return mode === "test"
    ? { ...proposeMockEdit(world, instruction), provider: "mock" }
    : { ...proposeLocalEdit(world, instruction), provider: "local" };
}

async function proposeWithModel(model: Provider, world: World, instruction: string): Promise<Proposed> {
  try {
    const { ops, summary } = await model.proposeEdit!({ world, instruction });
    return { ops, summary, provider: model.name };
  } catch (error) {
    throw providerFailure(error);
  }
}

function providerFailure(error: unknown): unknown {
  if (!isProviderError(error)) return error;
  if (error.code === "authoring_failed")
    return new ApiError("validation_failed", `The instruction could not be turned into ops: ${error.message}`);
  if (error.code === "config") return new ApiError("unavailable", `The edit model is misconfigured (${error.message}); nothing was done.`);
  return new ApiError("upstream_failed", `The edit model failed (${error.message}); nothing was done or charged. It is safe to retry.`);
}

/** A stale rev or an unknown world answers before any quota is reserved or model called. */
async function baseOf(caller: Caller, worldId: string, expectedRev: string | undefined) {
  const base = await getWorldOrThrow(caller, worldId);
  if (expectedRev === undefined || base.rev === expectedRev) return base;
  const fresh = await getFreshWorldOrThrow(caller, worldId);
  if (fresh.rev !== expectedRev) throw revMismatch(fresh.rev);
  return fresh;
}

/**
 * POST /v1/worlds/{id}/edit: an instruction becomes a batch of public ops, applied through the
 * same path as /ops (gate, play-throughs, compare-and-set on rev) or previewed with `dryRun`.
 * One `edit` of quota is reserved before any work and given back when the edit fails.
 */
export async function editWorld(caller: Caller, worldId: string, body: EditBody, expectedRev: string | undefined) {
  let model: Provider | undefined;
  try {
    model = editModel(caller.mode);
  } catch (error) {
    throw providerFailure(error);
  }
  if (!model && !body.dryRun) {
    // The offline editors read the instruction against the very graph the write starts from: no
    // read of the world beyond the write's own (the rev check is the write's too, 412).
    return withQuota(caller.appId, "edit", async () => {
      let proposal: Proposed | undefined;
      const write = await applyOpsToWorld(
        caller,
        worldId,
        (graph) => (proposal = proposeOffline(caller.mode, graph, body.instruction)).ops,
        expectedRev,
        body,
      );
      return editResultBody(write, proposal!, caller.mode);
    });
  }
  const base = await baseOf(caller, worldId, expectedRev);
  return withQuota(caller.appId, "edit", async () => {
    const proposal = model
      ? await proposeWithModel(model, base.graph, body.instruction)
      : proposeOffline(caller.mode, base.graph, body.instruction);
    if (body.dryRun) {
      const guard = await playtestGuard(worldId, body);
      const gated = gateOps(base.graph, proposal.ops);
      return editPreviewBody({ ...gated, playtests: guard.check(gated.world), baseRev: base.rev }, proposal, caller.mode);
    }
    return editResultBody(await applyOpsToWorld(caller, worldId, proposal.ops, expectedRev, body), proposal, caller.mode);
  });
}
