import { z } from "zod";
import { ZDiagnostic, ZOp, ZWorld } from "@/lib/kernel";
import { body, ZRev } from "./response-parts";

/*
 * Response bodies of the second wave's graph tools: recorded play-throughs and natural-language
 * edit (docs/api.md). Beside responses.ts, which spreads `EDIT_RESPONSE_SCHEMAS` into its record,
 * so this file imports nothing from it (the same closed `z.object` conventions apply).
 */

export const ZPlaytestStep = z.object({
  event: z.string().describe("name of an event leaving the state the player is in"),
  state: z.string().describe("the state expected after it (an override stays in place)"),
});

/** What every graph write reports about the world's recorded play-throughs. */
export const ZPlaytestReport = z
  .object({
    passed: z.number().int().min(0).describe("how many stored play-throughs still pass"),
    failed: z.array(
      z.object({
        playtestId: z.uuid(),
        name: z.string(),
        step: z.number().int().min(0).describe("1-based step that broke (`steps[step - 1]`); 0 when the entrance itself names no state"),
        reason: z.string(),
      }),
    ),
  })
  .describe("the world's play-throughs replayed on the written graph");

export const ZPlaytest = z.object({
  playtestId: z.uuid(),
  name: z.string(),
  steps: z.array(ZPlaytestStep),
  createdAt: z.iso.datetime(),
});
export const ZPlaytestBody = body(ZPlaytest.shape);
export const ZPlaytestList = body({ playtests: z.array(ZPlaytest).describe("oldest first") });

const editShape = {
  ops: z.array(ZOp).describe("the batch the instruction became, in the public op vocabulary (docs/ops.md)"),
  summary: z.string().describe("one sentence saying what the batch does"),
  provider: z
    .enum(["mock", "local", "openai-compatible"])
    .describe(
      "who turned the instruction into ops: `local` (the grammar of docs/edit.md), `openai-compatible` (the configured model) or `mock` (test keys)",
    ),
  mock: z.literal(true).optional().describe("present and true only in test mode"),
  applyErrors: z.array(z.string()).describe("ops that could not be applied and were skipped"),
  notes: z.array(z.string()).describe("side effects of ops that applied"),
  diagnostics: z.array(ZDiagnostic).describe("advisory findings (warning, info)"),
  playtests: ZPlaytestReport,
};

/** POST /v1/worlds/{id}/edit: the graph-write result plus `ops` and `summary`. */
export const ZEditResult = body({ ...editShape, world: ZWorld.describe("the new kernel-validated graph"), rev: ZRev });
/** POST /v1/worlds/{id}/edit with `dryRun: true`: what the write would do; nothing persisted. */
export const ZEditPreview = body({
  ...editShape,
  dryRun: z.literal(true),
  world: ZWorld.describe("the graph the edit would write (not persisted)"),
  baseRev: ZRev.describe("the rev the preview was made on; send it as `expectedRev` to apply exactly this"),
});

/** The edit route's 200: the write's result, or with `dryRun` the preview. */
export const ZEditAnswer = z.union([ZEditResult, ZEditPreview]);

export const EDIT_RESPONSE_SCHEMAS = {
  PlaytestReport: ZPlaytestReport,
  Playtest: ZPlaytest,
  PlaytestBody: ZPlaytestBody,
  PlaytestList: ZPlaytestList,
  EditResult: ZEditResult,
  EditPreview: ZEditPreview,
  EditAnswer: ZEditAnswer,
} satisfies Record<string, z.ZodType>;
