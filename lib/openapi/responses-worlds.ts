import { z } from "zod";
import { ZDiagnostic, ZEvent, ZScene, ZState, ZWorld, ZWorldInput } from "@/lib/kernel";
import { MODES } from "@/lib/shared/caller";
import { JOB_KINDS } from "@/lib/generation/jobs";
import { ZVisibility } from "@/lib/worlds/requests";
import { ZCampaignLink } from "./campaign-responses";
import { body, ZRev, ZTimestamp, ZUuid } from "./response-parts";
import { ZPlaytestReport } from "./responses-edit";

/* The response bodies of worlds, their graphs, versions, jobs and frames; named in responses.ts's RESPONSE_SCHEMAS. */

// ---------------------------------------------------------------- worlds

/** World metadata (the World resource without its graph), also a list entry. */
export const ZWorldSummary = z.object({
  id: ZUuid,
  kind: z.enum(["world", "character"]),
  slug: z.string().nullable().describe("live worlds only; test worlds are never slugged"),
  name: z.string(),
  description: z.string(),
  cover: z.string().describe("cover image reference"),
  visibility: ZVisibility.describe("test-mode worlds are always private"),
  mode: z.enum(MODES),
  source: z.string().describe("who authored the graph: mock, import, fork, ..."),
  forkedFrom: ZUuid.nullable().describe("the world this one was forked from"),
  sessionCount: z.number().int().min(0).describe("lifetime session connects"),
  likeCount: z.number().int().min(0).describe("lifetime likes"),
  playUrl: z
    .url()
    .optional()
    .describe(
      "public play link `<base>/play/<slug>`, present for public worlds only; `<base>` is PUBLIC_URL, else the origin the request addressed",
    ),
  campaign: ZCampaignLink.optional().describe("present on a campaign's chapter world"),
  rev: ZRev,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export const ZWorldResource = body({
  ...ZWorldSummary.shape,
  world: ZWorldInput.describe(
    "the SMWorld graph as stored: an imported world exactly as it was sent (state fields it left out read as their add_state defaults); graph writes store complete states",
  ),
});
/** POST …/versions/{versionId}/restore: the World resource and the play-throughs replayed on it. */
export const ZRestoredWorld = body({ ...ZWorldResource.shape, playtests: ZPlaytestReport });
export const ZWorldList = body({
  worlds: z.array(ZWorldSummary).describe("newest first"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});

export const ZCreateWorldGenerated = body({
  worldId: ZUuid,
  slug: z.string().nullable(),
  ok: z.boolean().describe("whether the author landed clean"),
  cover: z.string(),
  mock: z.literal(true).optional().describe("present and true only for test keys"),
});
export const ZWorldImported = body({ worldId: ZUuid, slug: z.string().nullable(), imported: z.literal(true) });

/** A generation job: the 202 of an async create and GET /v1/jobs/{jobId} (docs/api.md "Jobs"). */
export const ZGenerationJob = body({
  jobId: z.union([ZUuid, z.literal("test_mock")]).describe("a uuid; `test_mock` for the mock campaign job of a test key"),
  kind: z
    .enum(JOB_KINDS)
    .describe(
      "what the job makes: `world` (an async create), `from_book` (a campaign's chapters), `scenario_batch` (a batch's clips; the batch id is `input`'s), `dataset` (a simulator export; the job id is the dataset's id)",
    ),
  status: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  phase: z.string().nullable(),
  progress: z.number().min(0).max(1),
  worldId: ZUuid.nullable(),
  campaignId: ZUuid.nullable(),
  actsDone: z.number().int().nullable(),
  actsTotal: z.number().int().nullable(),
  error: z.string().nullable(),
  provider: z.string().nullable().describe("who authors the world: mock | local | openai-compatible; null until known"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  mock: z.literal(true).optional().describe("present and true only on the `test_mock` job"),
});

/** A seed frame: POST /v1/seed-frame (docs/api.md "Media"). */
const seedFrame = {
  imageBase64: z.string().describe("the PNG (or provider's format), base64"),
  mimeType: z.string(),
  url: z
    .string()
    .describe(
      "hosted URL, usable as `entrance.image.src`: PUBLIC_URL (else the origin the request addressed) + `/assets/<sha256>.<ext>`, or the bucket's public URL",
    ),
  prompt: z.string().describe("the prompt as painted"),
  art_style: z.string(),
  manifest: z
    .string()
    .optional()
    .describe(
      "URL of the scene manifest (what was drawn where), when the painter knows it (the local painter): the frame's URL with `.json`",
    ),
  mock: z.literal(true).optional().describe("present and true only for test keys"),
};
export const ZSeedFrame = body(seedFrame);
/** POST /v1/worlds/{id}/scenes: a seed frame painted from the world's subjectRef. */
export const ZScenePainted = body({
  ...seedFrame,
  subjectRef: z.object({ imageUrl: z.string(), descriptor: z.string() }).loose(),
  stateId: z.string().optional().describe("the state painted, when one was named"),
});

export const ZFork = body({ worldId: ZUuid, forkedFrom: ZUuid, slug: z.string().nullable() });

const graphWrite = {
  world: ZWorld.describe("the new kernel-validated graph"),
  diagnostics: z.array(ZDiagnostic).describe("advisory findings (warning, info)"),
  rev: ZRev,
  playtests: ZPlaytestReport,
};
/** A graph write's result (docs/api.md "Graph writes"), common part. */
export const ZGraphWriteResult = body(graphWrite);
export const ZOpsResult = body({
  ...graphWrite,
  applyErrors: z.array(z.string()).describe("one message per op that could not be applied and was skipped"),
  notes: z.array(z.string()).describe("side effects of ops that applied: events removed by delete_state, references rewritten by a rename"),
});
export const ZAddEventResult = body({ ...graphWrite, eventName: z.string() });

export const ZSceneProjection = body({ scene: ZScene, rev: ZRev });
export const ZStatesProjection = body({ states: z.array(ZState), rev: ZRev });
export const ZEventsProjection = body({ events: z.array(ZEvent), rev: ZRev });

export const ZValidateResult = body({ ok: z.boolean().describe("the gate's verdict"), diagnostics: z.array(ZDiagnostic) });
export const ZLintResult = body({ diagnostics: z.array(ZDiagnostic), rev: ZRev });

// ---------------------------------------------------------------- versions

export const ZVersion = z.object({
  versionId: ZUuid,
  title: z.string(),
  parentId: ZUuid.nullable().describe("null for a root"),
  rev: ZRev.describe("the world's rev when the snapshot was taken"),
  createdAt: ZTimestamp,
  isHead: z.boolean(),
});
export const ZVersionBody = body(ZVersion.shape);
export const ZVersionDetail = body({ ...ZVersion.shape, world: ZWorld.describe("the snapshot") });
export const ZVersionList = body({ versions: z.array(ZVersion).describe("newest first"), head: ZUuid.nullable() });
export const ZVersionRenamed = body({ ok: z.literal(true), versionId: ZUuid, title: z.string() });
export const ZVersionPruned = body({ ok: z.literal(true), versionId: ZUuid });
