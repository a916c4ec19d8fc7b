import { z } from "zod";
import { ZId } from "@/lib/shared/params";

export const MAX_PLAYTEST_STEPS = 500;
/** A world keeps at most this many play-throughs: every graph write replays them all. */
export const MAX_PLAYTESTS_PER_WORLD = 100;

const ZName = z.string().trim().min(1).max(200);

export const ZPlaytestStepInput = z.strictObject({
  event: z.string().min(1).max(200).describe("name of an event leaving the state the player is in"),
  state: z.string().min(1).max(200).describe("the state expected after it (an override stays in place)"),
});

/** POST /v1/worlds/{id}/playtests (docs/api.md "Play-throughs"). */
export const ZCreatePlaytestBody = z.strictObject({
  name: ZName.describe("shown beside the lints when it breaks"),
  steps: z.array(ZPlaytestStepInput).min(1).max(MAX_PLAYTEST_STEPS).describe("from the entrance, in order"),
});
export type CreatePlaytestBody = z.infer<typeof ZCreatePlaytestBody>;

export const ZPlaytestParams = z.object({ id: ZId, playtestId: ZId });
