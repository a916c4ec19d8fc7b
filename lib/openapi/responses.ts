import { z } from "zod";
import { ZCharacterAction } from "@/lib/ai/openai-runtime";
import { STATUS_BY_CODE, type ErrorCode } from "@/lib/errors";
import { ZDiagnostic, ZEvent, ZScene, ZState, ZStateInput, ZWorld, ZWorldInput } from "@/lib/kernel";
import { MODES } from "@/lib/shared/caller";
import { QUOTA_KINDS } from "@/lib/quota/quota";
import { CAMPAIGN_RESPONSE_SCHEMAS } from "./campaign-responses";
import { body, ZRev, ZSchemaVersion, ZTimestamp, ZUuid } from "./response-parts";
import { EDIT_RESPONSE_SCHEMAS } from "./responses-edit";
import { SCENARIO_RESPONSE_SCHEMAS } from "./responses-scenarios";
import { VISION_RESPONSE_SCHEMAS } from "./responses-vision";
import { DATASET_RESPONSE_SCHEMAS } from "./responses-datasets";
import { USAGE_RESPONSE_SCHEMAS } from "./responses-usage";
import { EXPLORE_RESPONSE_SCHEMAS, ZSceneCues } from "./responses-explore";
import { PLAYER_RESPONSE_SCHEMAS } from "./responses-players";
import {
  ZWorldSummary,
  ZWorldResource,
  ZRestoredWorld,
  ZWorldList,
  ZCreateWorldGenerated,
  ZWorldImported,
  ZGenerationJob,
  ZSeedFrame,
  ZScenePainted,
  ZFork,
  ZOpsResult,
  ZAddEventResult,
  ZSceneProjection,
  ZStatesProjection,
  ZEventsProjection,
  ZValidateResult,
  ZLintResult,
  ZVersion,
  ZVersionBody,
  ZVersionDetail,
  ZVersionList,
  ZVersionRenamed,
  ZVersionPruned,
} from "./responses-worlds";
import {
  ZApp,
  ZAppBody,
  ZAppList,
  ZKeyMetadata,
  ZKeyBody,
  ZCreatedKey,
  ZKeyList,
  ZWebhookEndpoint,
  ZWebhookEndpointBody,
  ZCreatedWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookDeliveryAttempt,
  ZWebhookDelivery,
  ZWebhookDeliveryBody,
  ZWebhookDeliveryList,
} from "./responses-apps";

// The sibling files' schemas the Studio's types and the tests read (components/api/types.ts).
export * from "./responses-worlds";
export * from "./responses-apps";
export { ZCampaign, ZCampaignBody, ZCampaignStarted } from "./campaign-responses";
export { ZVisionCheck, ZVisionDescribe, ZVisionGround } from "./responses-vision";
export { ZEditPreview, ZPlaytest, ZPlaytestList, ZPlaytestReport } from "./responses-edit";
export { ZDataset } from "./responses-datasets";
export { ZUsageHistory } from "./responses-usage";
export { ZExploreEntry, ZExploreList, ZLike } from "./responses-explore";
export { ZPlayer, ZPlayerList } from "./responses-players";
export { ZBatchBody, ZBatchList, ZBatchStarted, ZBatchSummary, ZClip, ZClipBody, ZClipCheck } from "./responses-scenarios";

/*
 * The response bodies of /v1, as zod schemas. The OpenAPI document is generated from them and
 * the tests hold every real response against it, so a field a serializer adds or drops without
 * a change here fails a test. Plain `z.object` on purpose: in JSON Schema "output" mode it is
 * closed (`additionalProperties: false`), which is what the tests check against; the published
 * document opens the objects again (clients must ignore unknown fields, docs/api.md "The reference").
 * Item schemas (a list's elements) carry no `schemaVersion`; the wrapper adds it to the top
 * level of every JSON body, so only the `Z…Body` schemas have it.
 */

export { ZSchemaVersion };

// ---------------------------------------------------------------- errors

export const ERROR_CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[];

export const ZError = z
  .object({
    detail: z.string().min(1).describe("what went wrong, for a person"),
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).describe("stable machine-readable code; one code, one status"),
    errors: z.array(z.string()).optional().describe("field-level messages `field.path: message`"),
    diagnostics: z.array(ZDiagnostic).optional().describe("kernel gate findings (graph-validation failures)"),
    currentRev: ZRev.optional().describe("412 `rev_mismatch`: the world's current rev"),
    requestId: z.string().optional().describe("500: quote it when reporting the problem"),
    kind: z.enum(QUOTA_KINDS).optional().describe("402 `quota_exceeded`: the quota kind used up"),
    cap: z.number().int().min(0).optional().describe("402 `quota_exceeded`: the app's daily cap of that kind"),
    chat: z
      .object({
        plan: z.enum(["free", "plus"]),
        freeSecondsLeft: z.number().int().min(0),
        planSecondsLeft: z.number().int().min(0),
        creditSeconds: z.number().int().min(0),
      })
      .optional()
      .describe("402 `quota_exceeded` of a talk turn: the end user's chat time is used up (all three are 0)"),
    schemaVersion: ZSchemaVersion,
  })
  .describe("The one error body of the API.");

/** Members an error body of a code always has, beyond `detail`, `code` and `schemaVersion`. */
export const ERROR_REQUIRED_EXTRAS: Partial<Record<ErrorCode, (keyof z.infer<typeof ZError>)[]>> = {
  rev_mismatch: ["currentRev"],
  internal_error: ["requestId"],
};

export const ZOk = body({ ok: z.literal(true) });

// ---------------------------------------------------------------- usage

const ZQuotaUse = z.object({ used: z.number().int().min(0), cap: z.number().int().min(0) });
export const ZUsage = body({
  day: z.iso.date().describe("today in UTC"),
  quotas: z.record(z.enum(QUOTA_KINDS), ZQuotaUse).describe("today's use and the effective cap, per quota kind"),
  billing: z
    .object({
      enabled: z.boolean().describe("the server's BILLING_ENABLED: whether live play time is billable"),
      sessionSeconds: z.number().min(0).describe("billable live play time: 0 while billing is off, and in test mode"),
      chatSeconds: z.number().min(0),
      scenarioClips: z.number().int().min(0).describe("Scenario Studio clips accepted today (one `scenario_clip` each; live only)"),
    })
    .describe("today's billable usage of the key's mode (the billing ledger)"),
  runtime: z
    .object({
      sessionSeconds: z.number().min(0).describe("play time, billed or not"),
      chatSeconds: z.number().min(0).describe("chat time, billed or not"),
    })
    .describe("today's metered runtime of the key's mode, billed or not (test mode too)"),
});

// ---------------------------------------------------------------- runtime and characters

const ZSessionId = z
  .string()
  .regex(/^(ses|pub)_/)
  .describe("the runtime session: `ses_…`, one per session token, or `pub_…` for an anonymous player of a public world");

/** POST /v1/sessions/token (docs/api.md "Runtime, characters and speech"). */
export const ZSessionToken = body({
  token: z.string().describe("the session token: a JWT (HS256) scoped to one world or character, its app and mode"),
  expiresAt: ZTimestamp,
  mode: z.enum(MODES).describe("the key's mode: a test key mints test tokens"),
  sessionId: ZSessionId,
  playerId: z
    .string()
    .optional()
    .describe(
      "without `userRef`: the anonymous player (`ply_…`) whose chat time the token's turns draw on; the one sent, else a new one. Keep it and send it back as `playerId` to mint that player's next token",
    ),
});

/** GET /v1/runtime/world and GET /v1/runtime/public/{slug}: what the embed player boots from. */
export const ZRuntimeWorld = body({
  id: ZUuid,
  kind: z.enum(["world", "character"]),
  name: z.string(),
  mode: z.enum(MODES),
  rev: ZRev,
  sessionId: ZSessionId,
  likeCount: z.number().int().min(0).describe("lifetime likes"),
  likeable: z.boolean().describe("whether players may like it (PUT /v1/likes/{id}): live and public or unlisted"),
  world: ZWorld.describe("the graph; a character's `world.character` without its brain (persona, lore, examples, modelId)"),
  cues: ZSceneCues,
  token: z
    .string()
    .optional()
    .describe("public route only: a session token of the same anonymous session (talk turns; heartbeats may send `sessionId` alone)"),
  expiresAt: ZTimestamp.optional().describe("public route only: when `token` expires"),
});

export const ZHeartbeat = body({
  ok: z.literal(true),
  sessionId: ZSessionId,
  seconds: z.number().int().min(0).describe("play seconds credited by this heartbeat (capped)"),
  totalSeconds: z.number().int().min(0).describe("play seconds credited to the session so far"),
  billed: z.boolean().describe("whether they count as billable `session_seconds`: live mode while the server's BILLING_ENABLED is on"),
});

/** POST /v1/characters: the create response. */
export const ZCharacterCreated = body({
  id: ZUuid,
  slug: z.string().nullable().describe("live characters only; test characters are never slugged"),
  kind: z.literal("character"),
  cover: z.string(),
  mock: z.literal(true).optional().describe("present and true only for test keys"),
});

const ZStanceView = z.looseObject({ id: z.string(), label: z.string(), mood: z.string().optional(), expression: z.string().optional() });
/** `world.character` as stored: the brain, the voice and the stance palette. */
export const ZCharacterProfileView = z
  .looseObject({
    persona: z.string().optional(),
    lore: z.string().optional(),
    greeting: z.string().optional(),
    examples: z.string().optional(),
    scene: z.string().optional(),
    style: z.string().optional(),
    subject: z.string().optional(),
    speakingDetail: z.string().optional(),
    voiceId: z.string().optional(),
    modelId: z.string().optional(),
    free: z.boolean().optional(),
    intro: z.looseObject({ kicker: z.string().optional(), title: z.string().optional(), hint: z.string().optional() }).optional(),
    stances: z.array(ZStanceView).describe("one stance per state of the graph"),
    entranceState: z.string().optional(),
  })
  .describe("the character's profile: its brain, voice and stance palette");

/** A stance's picture: the `image` of its state (docs/runtime.md "Stance pictures"). */
export const ZStancePicture = z
  .looseObject({
    src: z.string().describe("the picture's URL: painted at creation and hosted under its sha256 (`/assets/<sha256>.png`), or as imported"),
    label: z.string().describe("the stance's label (the picture's alt text)"),
    manifest: z.string().optional().describe("what the local painter drew (`/assets/<sha256>.json`, its scene manifest)"),
  })
  .describe("the stance's picture");

/** GET /v1/characters/{id}: the World resource of a character. */
export const ZCharacterResource = body({
  ...ZWorldSummary.shape,
  kind: z.literal("character"),
  world: ZWorldInput.extend({
    character: ZCharacterProfileView,
    scene: ZWorldInput.shape.scene.extend({
      states: z
        .record(z.string(), ZStateInput.extend({ image: ZStancePicture.optional() }))
        .describe(
          "one state per stance, keyed by stance id; `image` is the stance's picture (every stance of a created character has one)",
        ),
    }),
  }).describe("the stance graph with the profile at `character`, as stored"),
});

const ZAffect = z
  .object({
    v: z.number().min(-1).max(1).describe("valence"),
    a: z.number().min(-1).max(1).describe("arousal"),
    d: z.number().min(-1).max(1).describe("dominance"),
    rapport: z.number().min(0).max(1),
  })
  .describe("running mood and rapport");

/** A character's turn: POST /v1/characters/{id}/say. */
export const ZCharacterTurn = body({
  reply: z.string().describe("what the character says aloud"),
  stance: z.string().describe("the stance id moved to"),
  emotion: z.string(),
  affect: ZAffect,
  action: ZCharacterAction.optional().describe("something the character does"),
  playerId: z
    .string()
    .optional()
    .describe(
      "the anonymous player whose chat time this turn drew on (tokens without `userRef`): keep it and send it as `playerId` on the next sessions' turns",
    ),
  mock: z.literal(true).optional().describe("present and true only for a test-mode session token"),
});

export const ZTranscriptTurn = z.object({
  sessionId: ZSessionId,
  userRef: z.string().nullable(),
  role: z.enum(["user", "character"]),
  text: z.string(),
  stance: z.string().nullable().describe("character turns: the stance moved to"),
  emotion: z.string().nullable(),
  affect: ZAffect.nullable(),
  action: ZCharacterAction.nullable(),
  createdAt: ZTimestamp,
});
export const ZTranscript = body({
  characterId: ZUuid,
  turns: z.array(ZTranscriptTurn).describe("oldest first; a user turn, then the character's answer"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});

/** POST /v1/tts. */
export const ZSpeech = body({
  audioBase64: z.string(),
  mimeType: z.enum(["audio/wav", "audio/mpeg"]),
  url: z
    .string()
    .describe(
      "the hosted audio: PUBLIC_URL (else the origin the request addressed) + `/assets/<sha256>.<ext>`, or the bucket's public URL",
    ),
  voiceId: z.string().describe("the voice that spoke"),
  mock: z.literal(true).optional().describe("present and true only in test mode"),
});

// ---------------------------------------------------------------- meta

/** The document served at /v1/openapi.json (not wrapped: an OpenAPI document has no `schemaVersion`). */
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Every named response schema, by its name in `components.schemas`. */
export const RESPONSE_SCHEMAS = {
  Error: ZError,
  Ok: ZOk,
  WorldSummary: ZWorldSummary,
  WorldResource: ZWorldResource,
  RestoredWorld: ZRestoredWorld,
  WorldList: ZWorldList,
  CreateWorldGenerated: ZCreateWorldGenerated,
  WorldImported: ZWorldImported,
  Fork: ZFork,
  GenerationJob: ZGenerationJob,
  SeedFrame: ZSeedFrame,
  ScenePainted: ZScenePainted,
  OpsResult: ZOpsResult,
  AddEventResult: ZAddEventResult,
  SceneProjection: ZSceneProjection,
  StatesProjection: ZStatesProjection,
  EventsProjection: ZEventsProjection,
  ValidateResult: ZValidateResult,
  LintResult: ZLintResult,
  World: ZWorld,
  Scene: ZScene,
  State: ZState,
  Event: ZEvent,
  Diagnostic: ZDiagnostic,
  Version: ZVersion,
  VersionBody: ZVersionBody,
  VersionDetail: ZVersionDetail,
  VersionList: ZVersionList,
  VersionRenamed: ZVersionRenamed,
  VersionPruned: ZVersionPruned,
  App: ZApp,
  AppBody: ZAppBody,
  AppList: ZAppList,
  KeyMetadata: ZKeyMetadata,
  KeyBody: ZKeyBody,
  CreatedKey: ZCreatedKey,
  KeyList: ZKeyList,
  WebhookEndpoint: ZWebhookEndpoint,
  CreatedWebhookEndpoint: ZCreatedWebhookEndpoint,
  WebhookEndpointBody: ZWebhookEndpointBody,
  WebhookEndpointList: ZWebhookEndpointList,
  WebhookDelivery: ZWebhookDelivery,
  WebhookDeliveryAttempt: ZWebhookDeliveryAttempt,
  WebhookDeliveryList: ZWebhookDeliveryList,
  WebhookDeliveryBody: ZWebhookDeliveryBody,
  Usage: ZUsage,
  SessionToken: ZSessionToken,
  RuntimeWorld: ZRuntimeWorld,
  Heartbeat: ZHeartbeat,
  CharacterCreated: ZCharacterCreated,
  CharacterProfile: ZCharacterProfileView,
  CharacterResource: ZCharacterResource,
  CharacterTurn: ZCharacterTurn,
  CharacterAction: ZCharacterAction,
  TranscriptTurn: ZTranscriptTurn,
  Transcript: ZTranscript,
  Speech: ZSpeech,
  OpenApiDocument: ZOpenApiDocument,
  ...VISION_RESPONSE_SCHEMAS,
  ...DATASET_RESPONSE_SCHEMAS,
  ...USAGE_RESPONSE_SCHEMAS,
  ...PLAYER_RESPONSE_SCHEMAS,
  ...CAMPAIGN_RESPONSE_SCHEMAS,
  ...EDIT_RESPONSE_SCHEMAS,
  ...SCENARIO_RESPONSE_SCHEMAS,
  ...EXPLORE_RESPONSE_SCHEMAS,
} satisfies Record<string, z.ZodType>;
