import type { z } from "zod";
import type {
  ZApp,
  ZCampaign,
  ZCampaignStarted,
  ZCharacterCreated,
  ZCharacterResource,
  ZCreatedKey,
  ZCreatedWebhookEndpoint,
  ZCreateWorldGenerated,
  ZFork,
  ZGenerationJob,
  ZKeyMetadata,
  ZOpsResult,
  ZScenePainted,
  ZUsage,
  ZUsageHistory,
  ZVersion,
  ZVersionDetail,
  ZVersionList,
  ZVersionPruned,
  ZVersionRenamed,
  ZWebhookDelivery,
  ZWebhookDeliveryAttempt,
  ZWebhookDeliveryList,
  ZWebhookEndpoint,
  ZWorldResource,
  ZWorldSummary,
} from "@/lib/openapi/responses";
import type { ZDataset, ZVisionCheck, ZVisionDescribe, ZVisionGround } from "@/lib/openapi/responses";
import type { ZEditPreview, ZPlaytest, ZPlaytestList, ZPlaytestReport } from "@/lib/openapi/responses";
import type { ZBatchBody, ZBatchList, ZBatchStarted, ZBatchSummary, ZClip, ZClipBody, ZClipCheck } from "@/lib/openapi/responses";
import type { ZPlayer, ZPlayerList } from "@/lib/openapi/responses";

/*
 * The /v1 responses as the Studio reads them: the types of the API's own response schemas
 * (lib/openapi/responses.ts, the ones the OpenAPI document and the tests hold the API to), never
 * a copy. Types only: the schemas themselves stay on the server (eslint.config.mjs).
 */

/** A response body: its schema's type without the `schemaVersion` the wrapper adds to every body. */
type Body<S extends z.ZodType> = Omit<z.infer<S>, "schemaVersion">;

export type App = z.infer<typeof ZApp>;
export type Mode = App["defaultMode"];
export type ApiKey = z.infer<typeof ZKeyMetadata>;
export type KeyKind = ApiKey["kind"];
/** A key as POST returns it: the only response that ever carries the full secret. */
export type CreatedApiKey = Body<typeof ZCreatedKey>;

export type WorldSummary = z.infer<typeof ZWorldSummary>;
/** POST /v1/characters: the new character's id, slug and cover. */
export type CharacterCreated = Body<typeof ZCharacterCreated>;
/** GET and PATCH /v1/characters/{id}: the World resource of a character, its profile at `world.character`. */
export type CharacterResource = Body<typeof ZCharacterResource>;
export type Visibility = WorldSummary["visibility"];
/** GET /v1/worlds/{id}: metadata plus the graph as stored under `world`. */
export type WorldResource = Body<typeof ZWorldResource>;
export type OpsResult = Body<typeof ZOpsResult>;
export type Fork = Body<typeof ZFork>;
/** POST /v1/worlds/{id}/scenes: a frame painted from the world's subjectRef; the graph is not changed. */
export type ScenePainted = Body<typeof ZScenePainted>;
/** 200 of a synchronous generate. */
export type GeneratedWorld = Body<typeof ZCreateWorldGenerated>;
/** The 202 of an async generate and GET /v1/jobs/{jobId}. */
export type GenerationJob = Body<typeof ZGenerationJob>;
export type JobStatus = GenerationJob["status"];

export type Version = z.infer<typeof ZVersion>;
export type VersionList = Body<typeof ZVersionList>;
export type VersionDetail = Body<typeof ZVersionDetail>;
export type VersionRenamed = Body<typeof ZVersionRenamed>;
export type VersionPruned = Body<typeof ZVersionPruned>;

export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
/** The creation response: the only one that ever carries the signing secret. */
export type CreatedWebhookEndpoint = Body<typeof ZCreatedWebhookEndpoint>;
export type WebhookDeliveryAttempt = z.infer<typeof ZWebhookDeliveryAttempt>;
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export type WebhookDeliveryList = Body<typeof ZWebhookDeliveryList>;

/** GET /v1/usage: today's quota use against the app's effective caps, and billing. */
export type Usage = Body<typeof ZUsage>;
export type UsageHistory = Body<typeof ZUsageHistory>;

/** POST /v1/vision/ground, /describe and /check (docs/vision.md). */
export type VisionGround = Body<typeof ZVisionGround>;
export type VisionDescribe = Body<typeof ZVisionDescribe>;
export type VisionCheck = Body<typeof ZVisionCheck>;

/** POST /v1/worlds/{id}/datasets and GET …/datasets/{datasetId} (docs/simulation.md "In the Studio"). */
export type Dataset = Body<typeof ZDataset>;

/** GET /v1/campaigns/{id}: a book's chapters, their status and worlds, and the job's progress. */
export type Campaign = z.infer<typeof ZCampaign>;
export type CampaignStatus = Campaign["status"];
export type CampaignChapter = Campaign["chapters"][number];
/** The 202 of POST /v1/campaigns and of resume. */
export type CampaignStarted = Body<typeof ZCampaignStarted>;

/** Recorded play-throughs (docs/api.md "Play-throughs") and what every graph write reports about them. */
export type Playtest = z.infer<typeof ZPlaytest>;
export type PlaytestList = Body<typeof ZPlaytestList>;
export type PlaytestReport = z.infer<typeof ZPlaytestReport>;
/** POST /v1/worlds/{id}/edit with `dryRun: true`: the ops an instruction became and the graph they would make. */
export type EditPreview = Body<typeof ZEditPreview>;
/** The Scenario Studio (docs/api.md "Scenario batches"): a batch of clips over a world, and its clips. */
export type BatchSummary = z.infer<typeof ZBatchSummary>;
export type BatchStatus = BatchSummary["status"];
/** The 202 of POST /v1/scenario-batches. */
export type BatchStarted = Body<typeof ZBatchStarted>;
/** GET /v1/scenario-batches/{id}: the summary and its clips in request order. */
export type Batch = Body<typeof ZBatchBody>;
export type BatchList = Body<typeof ZBatchList>;
export type Clip = z.infer<typeof ZClip>;
export type ClipStatus = Clip["status"];
export type ClipCheck = z.infer<typeof ZClipCheck>;
/** POST …/clips/{clipId}/accept and /reject. */
export type ReviewedClip = Body<typeof ZClipBody>;

/** GET /v1/players/{player}: a player's plan, this month's chat time and what is left. */
export type Player = z.infer<typeof ZPlayer>;
export type PlayerList = Body<typeof ZPlayerList>;
export type ChatPlan = Player["plan"];
