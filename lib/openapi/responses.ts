import { z } from "zod";
import { ZCharacterAction } from "@/lib/ai/openai-runtime";
import { STATUS_BY_CODE, type ErrorCode } from "@/lib/errors";
import { ZDiagnostic, ZEvent, ZScene, ZState, ZStateInput, ZWorld, ZWorldInput } from "@/lib/kernel";
import { MODES } from "@/lib/shared/caller";
import { KEY_KINDS } from "@/lib/keys/key-string";
import { ZScope } from "@/lib/keys/scopes";
import { JOB_KINDS } from "@/lib/generation/jobs";
import { QUOTA_KINDS } from "@/lib/quota/quota";
import { ZVisibility } from "@/lib/worlds/requests";
import { CAMPAIGN_RESPONSE_SCHEMAS, ZCampaignLink } from "./campaign-responses";
import { body, ZSchemaVersion, ZTimestamp, ZUuid } from "./response-parts";
import { EDIT_RESPONSE_SCHEMAS, ZPlaytestReport } from "./responses-edit";
import { SCENARIO_RESPONSE_SCHEMAS } from "./responses-scenarios";
import { VISION_RESPONSE_SCHEMAS } from "./responses-vision";
import { DATASET_RESPONSE_SCHEMAS } from "./responses-datasets";
import { USAGE_RESPONSE_SCHEMAS } from "./responses-usage";
import { EXPLORE_RESPONSE_SCHEMAS, ZSceneCues } from "./responses-explore";
import { PLAYER_RESPONSE_SCHEMAS } from "./responses-players";

// The sibling files' schemas the Studio's types read (components/api/types.ts).
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
 * document opens the objects again (clients must ignore unknown fields, spec "Versioning").
 * Item schemas (a list's elements) carry no `schemaVersion`; the wrapper adds it to the top
 * level of every JSON body, so only the `Z…Body` schemas have it.
 */

export { ZSchemaVersion };
const ZRev = z.string().min(1).describe("concurrency token of the graph; also the `ETag` header");

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

/** Spec "GenerationJob": the 202 of an async create and GET /v1/jobs/{jobId} (jobs issue). */
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

/** Spec "Seed frame": POST /v1/seed-frame. */
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
/** Spec "Graph-write result", common part. */
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

// ---------------------------------------------------------------- apps and keys

export const ZApp = z.object({
  id: ZUuid,
  name: z.string(),
  defaultMode: z.enum(MODES),
  embedOrigins: z.array(z.string()).describe("origins allowed to embed this app's worlds"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export const ZAppBody = body(ZApp.shape);
export const ZAppList = body({ apps: z.array(ZApp).describe("oldest first") });

export const ZKeyMetadata = z.object({
  id: ZUuid,
  prefix: z.string().describe("sk_test_, pk_live_, ..."),
  last4: z.string().length(4),
  kind: z.enum(KEY_KINDS),
  mode: z.enum(MODES),
  scopes: z.array(ZScope).describe("empty: everything the key's kind allows"),
  name: z.string(),
  created_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
  revoked_at: ZTimestamp.nullable(),
});
export const ZKeyBody = body(ZKeyMetadata.shape);
export const ZCreatedKey = body({
  ...ZKeyMetadata.shape,
  secret: z
    .string()
    .regex(/^(sk|pk)_(test|live)_[0-9A-Za-z]{43}$/)
    .describe("the key itself; returned only here, once"),
});
export const ZKeyList = body({ keys: z.array(ZKeyMetadata).describe("newest first; never a secret") });

// ---------------------------------------------------------------- webhooks

const ZWebhookEventTypeOrWildcard = z
  .string()
  .describe(
    "an event type (`world.generation.succeeded`, `world.generation.failed`, `session.ended`) or `*` for every present and future type",
  );

/** Spec "Webhook endpoint", without `secret`. */
export const ZWebhookEndpoint = z.object({
  id: ZUuid,
  url: z.string().describe("where deliveries are POSTed (https://; see the SSRF policy)"),
  events: z.array(ZWebhookEventTypeOrWildcard).describe("the subscribed event types"),
  enabled: z.boolean().describe("false: it receives nothing (PATCH it to true to receive new events again)"),
  created_at: ZTimestamp,
});
export const ZWebhookEndpointBody = body(ZWebhookEndpoint.shape);
export const ZCreatedWebhookEndpoint = body({
  ...ZWebhookEndpoint.shape,
  secret: z
    .string()
    .regex(/^whsec_[0-9A-Za-z_-]{43}$/)
    .describe("the signing secret of `Service-Signature`; returned only here, once"),
});
export const ZWebhookEndpointList = body({ webhooks: z.array(ZWebhookEndpoint).describe("newest first; never a secret") });

export const ZWebhookDeliveryAttempt = z.object({
  attempt: z.number().int().min(1).describe("1, 2 or 3; numbered on across resends (4..6 after the first)"),
  status_code: z.number().int().nullable().describe("the receiver's HTTP status; null when there was none"),
  error: z.string().nullable().describe("network error, timeout or refused URL; null when the receiver answered"),
  duration_ms: z.number().int().min(0),
  response_excerpt: z.string().nullable().describe("the first 500 characters of the receiver's response body; null when it sent none"),
  attempted_at: ZTimestamp,
});
export const ZWebhookDelivery = z.object({
  id: ZUuid,
  event_id: z.string().describe("`evt_…`, the delivery body's `id`"),
  event_type: z.string(),
  state: z.enum(["pending", "succeeded", "failed"]).describe("`pending` until a 2xx (`succeeded`) or the last attempt failed (`failed`)"),
  attempts: z.number().int().min(0).describe("attempts made so far"),
  attempt_limit: z.number().int().min(3).describe("attempts allowed: 3, and 3 more with each resend"),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_retry_at: ZTimestamp.nullable().describe("when the next attempt is due; null when none is"),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  attempt_log: z.array(ZWebhookDeliveryAttempt).describe("every attempt, oldest first"),
});
/** A test event's or a resend's delivery (202). */
export const ZWebhookDeliveryBody = body(ZWebhookDelivery.shape);
export const ZWebhookDeliveryList = body({
  deliveries: z.array(ZWebhookDelivery).describe("newest first"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});

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

/** POST /v1/sessions/token (CONTRACT.md "SESSION"). */
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

/** Spec "Character": the create response. */
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

/** Spec "Character turn": POST /v1/characters/{id}/say. */
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
