import { z } from "zod";
import { ZCreateApp, ZUpdateApp } from "@/lib/apps/apps";
import { ZCreateCharacterBody, ZSayBody, ZStance, ZTranscriptQuery } from "@/lib/characters/requests";
import { ZHeartbeatBody, ZSlugParams } from "@/lib/runtime/requests";
import { ZTtsBody } from "@/lib/runtime/tts";
import { ZMintSessionBody } from "@/lib/sessions/requests";
import { ZJobParams } from "@/lib/generation/jobs";
import { ZSceneBody, ZSeedFrameBody } from "@/lib/media/seed-frame";
import type { ErrorCode } from "@/lib/errors";
import { ZIdParams } from "@/lib/shared/params";
import { ZKeyParams } from "@/lib/keys/requests";
import {
  ZAddEventBody,
  ZAddEventOp,
  ZAddStateOp,
  ZAddVariantOp,
  ZDeleteEventOp,
  ZDeleteStateOp,
  ZOp,
  ZRemoveVariantOp,
  ZSetEntranceOp,
  ZSetSubjectRefOp,
  ZUpdateEventOp,
  ZUpdateStateOp,
  ZVariantInput,
} from "@/lib/kernel";
import { ZCreateKey } from "@/lib/keys/keys";
import type { Scope } from "@/lib/keys/scopes";
import { ZCreateVersionBody, ZRenameVersionBody, ZRestoreVersionBody, ZVersionParams } from "@/lib/versions/requests";
import { ZCreateWebhook, ZDeliveryListQuery, ZWebhookParams } from "@/lib/webhooks/endpoints";
import { ZCreateWorldBody, ZForkBody, ZListQuery, ZOpsBody, ZSubjectRefInput, ZUpdateWorldBody, ZValidateBody } from "@/lib/worlds/requests";
import type { RESPONSE_SCHEMAS } from "./responses";

/*
 * The one table of /v1 operations. Each row names the same zod objects its route file passes to
 * `route()` (tests/openapi.test.ts checks identity, auth and scope against the route files), the
 * success responses it gives, and the errors particular to it; the errors every route of a kind
 * can give (credential, rate limit, body parsing, 500) are derived by `errorsOf`.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/**
 * The route's `auth`: an app API key, the Studio user's session, a runtime session token, a
 * secret key or a session token (`keyOrSession`), or nothing.
 */
export type OperationAuth = "key" | "user" | "session" | "keyOrSession" | "none";
export type RequestHeader = "Idempotency-Key" | "If-Match" | "If-None-Match";
export type ResponseHeader = "ETag" | "Idempotent-Replayed";
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

export interface SuccessResponse {
  description: string;
  /** Absent for a response without a body (304). */
  schema?: ResponseSchemaName;
  headers?: ResponseHeader[];
}

export interface Operation {
  method: HttpMethod;
  /** OpenAPI style: `/v1/worlds/{id}`. */
  path: string;
  /** The resource group of the reference. */
  tag: Tag;
  operationId: string;
  summary: string;
  description?: string;
  auth: OperationAuth;
  scope?: Scope;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** An empty body reads as `{}`. */
  bodyOptional?: boolean;
  headers?: RequestHeader[];
  responses: Record<number, SuccessResponse>;
  /** Errors particular to this operation, with when they happen. */
  errors?: Partial<Record<ErrorCode, string>>;
  /** Answered outside the route wrapper: no `schemaVersion`, no `X-Request-Id`, no wrapper errors. */
  unwrapped?: true;
}

export const TAGS = [
  { name: "Worlds", description: "Create, import, list, read, update, fork and delete worlds." },
  { name: "Graph", description: "Read projections of a world's graph and edit it with ops and events, compare-and-set on `rev`." },
  { name: "Versions", description: "A world's branching tree of full snapshots, with a HEAD pointer." },
  { name: "Validation", description: "Run the kernel gate and lints without persisting." },
  { name: "Jobs", description: "Durable generation jobs: status, phase, progress; cancellation." },
  { name: "Media", description: "Painted frames: seed frames and a world's next scene." },
  { name: "Usage", description: "Daily quota use and billable runtime usage." },
  { name: "Runtime", description: "Session tokens and what the embed player calls with them: the world, heartbeats (`session_seconds`), speech. CORS for the app's embedding origins. The player shows each state's picture, label, `base`, `ambient` lines and events; `camera` and `movement` are renderer directions it never shows." },
  { name: "Characters", description: "Characters (a stance graph and a brain), talk turns and transcripts." },
  { name: "Apps", description: "Apps of the signed-in user (USER session)." },
  { name: "Keys", description: "An app's API keys (USER session). A secret is shown once, at creation." },
  { name: "Webhooks", description: "An app's webhook endpoints and their delivery logs (USER session). A signing secret is shown once, at creation." },
  { name: "Meta", description: "This reference, machine-readable." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

/** Named request schemas: their names in `components.schemas`. */
export const REQUEST_SCHEMAS = {
  SeedFrameRequest: ZSeedFrameBody,
  SceneRequest: ZSceneBody,
  CreateWorldRequest: ZCreateWorldBody,
  SubjectRefInput: ZSubjectRefInput,
  UpdateWorldRequest: ZUpdateWorldBody,
  OpsRequest: ZOpsBody,
  Op: ZOp,
  AddStateOp: ZAddStateOp,
  UpdateStateOp: ZUpdateStateOp,
  DeleteStateOp: ZDeleteStateOp,
  AddEventOp: ZAddEventOp,
  UpdateEventOp: ZUpdateEventOp,
  DeleteEventOp: ZDeleteEventOp,
  SetEntranceOp: ZSetEntranceOp,
  SetSubjectRefOp: ZSetSubjectRefOp,
  AddVariantOp: ZAddVariantOp,
  RemoveVariantOp: ZRemoveVariantOp,
  VariantInput: ZVariantInput,
  AddEventRequest: ZAddEventBody,
  ForkRequest: ZForkBody,
  ValidateRequest: ZValidateBody,
  CreateVersionRequest: ZCreateVersionBody,
  RenameVersionRequest: ZRenameVersionBody,
  RestoreVersionRequest: ZRestoreVersionBody,
  CreateAppRequest: ZCreateApp,
  UpdateAppRequest: ZUpdateApp,
  CreateKeyRequest: ZCreateKey,
  CreateWebhookRequest: ZCreateWebhook,
  MintSessionRequest: ZMintSessionBody,
  HeartbeatRequest: ZHeartbeatBody,
  CreateCharacterRequest: ZCreateCharacterBody,
  StanceInput: ZStance,
  SayRequest: ZSayBody,
  TtsRequest: ZTtsBody,
} satisfies Record<string, z.ZodType>;


const notFoundWorld = { not_found: "no world with this id in the key's app and mode" } as const;
const revMismatch = { rev_mismatch: "`If-Match` / `expectedRev` is not the world's current rev; the body carries `currentRev`" } as const;
const ifMatchConflict = { invalid_request: "the body is invalid, or `If-Match` and `expectedRev` disagree" } as const;
/** Projections and the runtime world: everything in the body is a function of the rev. */
const notModified: SuccessResponse = { description: "`If-None-Match` names the current rev; nothing in the body changes without it." };
/** The World resource: its counters and `updatedAt` move without a new rev. */
const resourceNotModified: SuccessResponse = {
  description:
    "`If-None-Match` names the current rev and nothing the resource shows has changed since that rev was written. Once `sessionCount`, `likeCount` or `updatedAt` move without a new rev (a session counted, a version taken), every GET is a full 200 until the next write gives a new rev.",
};

export const OPERATIONS: Operation[] = [
  // ------------------------------------------------------------ worlds
  {
    method: "POST",
    path: "/v1/worlds",
    tag: "Worlds",
    operationId: "createWorld",
    summary: "Create a world (generate or import)",
    description: [
      "Two modes, selected by the body. IMPORT when `world` is present: the SMWorld is schema-validated and gated, persisted verbatim (not recompiled): stored and served as the JSON that was sent, keys in the order sent, 201 with `imported: true`; `name` and `description` override the blob's. Every state field but `id` may be omitted and reads as its `add_state` default (an absent `ending` is not an ending); the gate judges the world as read with those defaults. Size-bounded: 2 MB, 500 states, 2000 events by default (413).",
      "GENERATE otherwise: one of `premise`, `frame_b64`, `frame_url` or `text` is required; `text` (at most 40000 characters) excludes the other three and `subject_ref`. With a test key the world is the kernel's deterministic mock, synchronous, `mock: true`, `slug: null`.",
      "Both reserve one `generation` of daily quota (402 when used up, 503 when the quota store is unreachable; nothing is created). `Idempotency-Key` makes retries safe: the same key and body replay the first response (header `Idempotent-Replayed: true`); the same key with another body is a 400.",
    ].join("\n\n"),
    auth: "key",
    scope: "worlds:write",
    body: ZCreateWorldBody,
    headers: ["Idempotency-Key"],
    responses: {
      200: { description: "Generated (synchronously).", schema: "CreateWorldGenerated", headers: ["Idempotent-Replayed"] },
      201: { description: "Imported.", schema: "WorldImported", headers: ["Idempotent-Replayed"] },
      202: { description: "Queued as a durable job (live keys with `async: true`); poll GET /v1/jobs/{jobId}.", schema: "GenerationJob", headers: ["Idempotent-Replayed"] },
    },
    errors: {
      invalid_request: "a malformed body or a rule of the two modes broken (see `errors`); an Idempotency-Key reused with another body",
      quota_exceeded: "the app's daily `generation` quota is used up",
      conflict: "a request with this Idempotency-Key is still in flight",
      payload_too_large: "the imported world is over 2 MB, 500 states or 2000 events",
      validation_failed: "the imported or generated world failed the schema (`errors`) or the gate (`diagnostics`)",
      upstream_failed: "`subject_ref.image_b64` could not be hosted; nothing was created",
      unavailable: "the quota store is unreachable, or live generation is not available; nothing was created",
    },
  },
  {
    method: "GET",
    path: "/v1/worlds",
    tag: "Worlds",
    operationId: "listWorlds",
    summary: "List worlds",
    description: "The worlds of the key's app and mode, newest first, without their graphs. Pass `nextCursor` back as `cursor` for the next page.",
    auth: "key",
    scope: "worlds:read",
    query: ZListQuery,
    responses: { 200: { description: "A page of worlds.", schema: "WorldList" } },
    errors: { invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return" },
  },
  {
    method: "GET",
    path: "/v1/worlds/{id}",
    tag: "Worlds",
    operationId: "getWorld",
    summary: "Retrieve a world",
    description:
      "The World resource: metadata at the top level, the SMWorld graph under `world`. `ETag` is the `rev`. A 304 never hides a changed `sessionCount`, `likeCount` or `updatedAt`: see the 304 response.",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The world.", schema: "WorldResource", headers: ["ETag"] }, 304: resourceNotModified },
    errors: notFoundWorld,
  },
  {
    method: "PATCH",
    path: "/v1/worlds/{id}",
    tag: "Worlds",
    operationId: "updateWorld",
    summary: "Update a world's metadata",
    description: "Changes `name`, `description`, `cover` and `visibility`. A live world made public gets a `playUrl` (on the server's `PUBLIC_URL`, else the origin the request addressed); a test-mode world stays private and slug-less whatever is asked.",
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    body: ZUpdateWorldBody,
    headers: ["If-Match"],
    responses: { 200: { description: "The updated world.", schema: "WorldResource", headers: ["ETag"] } },
    errors: { ...ifMatchConflict, ...notFoundWorld, ...revMismatch },
  },
  {
    method: "DELETE",
    path: "/v1/worlds/{id}",
    tag: "Worlds",
    operationId: "deleteWorld",
    summary: "Delete a world",
    description: "Deletes the world and its versions.",
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    responses: { 200: { description: "Deleted.", schema: "Ok" } },
    errors: notFoundWorld,
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/fork",
    tag: "Worlds",
    operationId: "forkWorld",
    summary: "Fork a world",
    description: "Copies the working graph into a new world of the key's app and mode. The source must be the caller's own or a public live world. `name` defaults to the source's name plus \" (fork)\".",
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    body: ZForkBody,
    bodyOptional: true,
    responses: { 201: { description: "The new world.", schema: "Fork" } },
    errors: { not_found: "no such world of the caller's, and no public live world with this id" },
  },

  // ------------------------------------------------------------ graph
  {
    method: "GET",
    path: "/v1/worlds/{id}/scene",
    tag: "Graph",
    operationId: "getWorldScene",
    summary: "Retrieve the scene",
    description: "`world.scene`: the states keyed by id and the events.",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The scene.", schema: "SceneProjection", headers: ["ETag"] }, 304: notModified },
    errors: notFoundWorld,
  },
  {
    method: "GET",
    path: "/v1/worlds/{id}/states",
    tag: "Graph",
    operationId: "listWorldStates",
    summary: "List the states",
    description: "The states of `world.scene.states` as an array.",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The states.", schema: "StatesProjection", headers: ["ETag"] }, 304: notModified },
    errors: notFoundWorld,
  },
  {
    method: "GET",
    path: "/v1/worlds/{id}/events",
    tag: "Graph",
    operationId: "listWorldEvents",
    summary: "List the events",
    description: "`world.scene.events`: transitions (with `to`) and overrides (without).",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The events.", schema: "EventsProjection", headers: ["ETag"] }, 304: notModified },
    errors: notFoundWorld,
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/events",
    tag: "Graph",
    operationId: "addWorldEvent",
    summary: "Add an event",
    description: "Adds one event through the same path as an `add_event` op: a transition needs `to`, an override must not carry it. Validated fail-closed by the kernel gate; nothing persists on failure.",
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    body: ZAddEventBody,
    headers: ["If-Match"],
    responses: { 200: { description: "Graph-write result with `eventName`.", schema: "AddEventResult", headers: ["ETag"] } },
    errors: {
      ...ifMatchConflict,
      ...notFoundWorld,
      ...revMismatch,
      validation_failed: "the event could not be added, or the result failed the kernel gate (`diagnostics`); nothing persisted",
    },
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/ops",
    tag: "Graph",
    operationId: "applyWorldOps",
    summary: "Apply a batch of graph ops",
    description: [
      "Ops apply in order and atomically. An op that cannot be applied is skipped and reported in `applyErrors` (non-fatal); the resulting world is then validated once by the kernel gate. A 422 rejects the whole batch and nothing persists.",
      "Concurrency: send the last `rev` as `If-Match` (or `expectedRev`); a stale one is a 412 with `currentRev`.",
    ].join("\n\n"),
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    body: ZOpsBody,
    headers: ["If-Match"],
    responses: { 200: { description: "Graph-write result with `applyErrors`.", schema: "OpsResult", headers: ["ETag"] } },
    errors: {
      ...ifMatchConflict,
      ...notFoundWorld,
      ...revMismatch,
      payload_too_large: "the batch is over 4 MB",
      validation_failed: "the resulting world failed the kernel gate (`diagnostics`); nothing persisted",
    },
  },

  // ------------------------------------------------------------ versions
  {
    method: "GET",
    path: "/v1/worlds/{id}/versions",
    tag: "Versions",
    operationId: "listWorldVersions",
    summary: "List versions",
    description: "Every version of the world, newest first, and the id of HEAD.",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    responses: { 200: { description: "The versions.", schema: "VersionList" } },
    errors: notFoundWorld,
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/versions",
    tag: "Versions",
    operationId: "createWorldVersion",
    summary: "Snapshot the working graph",
    description: "A full snapshot of the working graph, as a child of HEAD; HEAD moves to it.",
    auth: "key",
    scope: "worlds:write",
    params: ZIdParams,
    body: ZCreateVersionBody,
    bodyOptional: true,
    responses: { 201: { description: "The new version (now HEAD).", schema: "VersionBody", headers: ["ETag"] } },
    errors: notFoundWorld,
  },
  {
    method: "GET",
    path: "/v1/worlds/{id}/versions/{versionId}",
    tag: "Versions",
    operationId: "getWorldVersion",
    summary: "Retrieve a version",
    description:
      "A version with its snapshot graph. `ETag` is the snapshot's `rev`. Its `title`, `isHead` and `parentId` change without that rev, so this route never answers 304: `If-None-Match` is ignored.",
    auth: "key",
    scope: "worlds:read",
    params: ZVersionParams,
    responses: { 200: { description: "The version.", schema: "VersionDetail", headers: ["ETag"] } },
    errors: { not_found: "no such world, or no such version of it" },
  },
  {
    method: "PATCH",
    path: "/v1/worlds/{id}/versions/{versionId}",
    tag: "Versions",
    operationId: "renameWorldVersion",
    summary: "Rename a version",
    auth: "key",
    scope: "worlds:write",
    params: ZVersionParams,
    body: ZRenameVersionBody,
    responses: { 200: { description: "Renamed.", schema: "VersionRenamed" } },
    errors: { not_found: "no such world, or no such version of it" },
  },
  {
    method: "DELETE",
    path: "/v1/worlds/{id}/versions/{versionId}",
    tag: "Versions",
    operationId: "pruneWorldVersion",
    summary: "Prune a version",
    description: "Removes the version; its children are re-rooted onto its parent. HEAD cannot be pruned.",
    auth: "key",
    scope: "worlds:write",
    params: ZVersionParams,
    responses: { 200: { description: "Pruned.", schema: "VersionPruned" } },
    errors: { not_found: "no such world, or no such version of it", conflict: "the version is HEAD" },
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/versions/{versionId}/restore",
    tag: "Versions",
    operationId: "restoreWorldVersion",
    summary: "Restore a version",
    description: "The working graph becomes the snapshot (with a new `rev`) and HEAD moves to the version.",
    auth: "key",
    scope: "worlds:write",
    params: ZVersionParams,
    body: ZRestoreVersionBody,
    bodyOptional: true,
    headers: ["If-Match"],
    responses: { 200: { description: "The restored world.", schema: "WorldResource", headers: ["ETag"] } },
    errors: { ...ifMatchConflict, not_found: "no such world, or no such version of it", ...revMismatch },
  },

  // ------------------------------------------------------------ validation
  {
    method: "POST",
    path: "/v1/validate",
    tag: "Validation",
    operationId: "validateWorld",
    summary: "Validate a world",
    description: "Runs the schema check and the kernel gate on `world` without persisting anything, reading it as an import is read (every state field but `id` may be omitted and reads as its `add_state` default). `ok` is the gate's verdict; `diagnostics` lists every finding.",
    auth: "key",
    scope: "worlds:read",
    body: ZValidateBody,
    responses: { 200: { description: "The verdict.", schema: "ValidateResult" } },
    errors: { payload_too_large: "the body is over the import size limit" },
  },
  {
    method: "GET",
    path: "/v1/worlds/{id}/lint",
    tag: "Validation",
    operationId: "lintWorld",
    summary: "Lint a stored world",
    description: "Every lint finding on the stored working graph.",
    auth: "key",
    scope: "worlds:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The findings.", schema: "LintResult", headers: ["ETag"] }, 304: notModified },
    errors: notFoundWorld,
  },

  // ------------------------------------------------------------ usage
  {
    method: "GET",
    path: "/v1/usage",
    tag: "Usage",
    operationId: "getUsage",
    summary: "Retrieve today's usage",
    description: "Today's (UTC) use of each daily quota kind against the app's effective cap, and the billable runtime usage of the key's mode (test mode is never billed).",
    auth: "key",
    scope: "usage:read",
    responses: { 200: { description: "Usage.", schema: "Usage" } },
  },

  // ------------------------------------------------------------ runtime
  {
    method: "POST",
    path: "/v1/sessions/token",
    tag: "Runtime",
    operationId: "createSessionToken",
    summary: "Mint a session token",
    description: [
      "A short-lived runtime session token for one world (`worldId`) or one character (`characterId`) of the key's app and mode, for an end user's browser (the embed player, talk turns). Secret keys only; a test key mints a test token.",
      "The token is a JWT (HS256, with a `kid` header naming the signing key) whose claims are `sub` (the world or character), `kind`, `appId`, `mode`, `userRef`, `sid` (the session id, also returned as `sessionId`), `iat` and `exp`. `ttlSeconds` is 60..3600 (default 900). Expired, tampered or wrongly scoped tokens are refused with 401 wherever they are presented.",
    ].join("\n\n"),
    auth: "key",
    scope: "sessions:write",
    body: ZMintSessionBody,
    responses: { 200: { description: "The token.", schema: "SessionToken" } },
    errors: { not_found: "no world (or character) with this id in the key's app and mode", forbidden: "a publishable key, or a key whose scopes do not include `sessions:write`" },
  },
  {
    method: "GET",
    path: "/v1/runtime/world",
    tag: "Runtime",
    operationId: "getRuntimeWorld",
    summary: "The session's world",
    description: "What the embed player boots from: the session token's world (or character, without its brain's private fields), its name, mode, `rev` and the `sessionId` to send heartbeats with. The whole graph is returned, states' `camera` and `movement` included: they are directions for a renderer, which the embed player itself never shows to players. CORS: answered for the app's embedding origins only.",
    auth: "session",
    headers: ["If-None-Match"],
    responses: { 200: { description: "The world.", schema: "RuntimeWorld", headers: ["ETag"] }, 304: notModified },
    errors: { not_found: "the token's world was deleted" },
  },
  {
    method: "GET",
    path: "/v1/runtime/public/{slug}",
    tag: "Runtime",
    operationId: "getPublicRuntimeWorld",
    summary: "A public world by slug",
    description: "A public live world (or character) for an anonymous player, without a credential: the runtime view plus a public session id (`sessionId`, `pub_…`, which authenticates heartbeats on its own) and a session token of the same session (`token`, for talk turns), valid for an hour. Private, unlisted and test worlds are 404. Each answer mints a new session, so this route never answers 304 (`If-None-Match` is ignored).",
    auth: "none",
    params: ZSlugParams,
    responses: { 200: { description: "The world and its anonymous session.", schema: "RuntimeWorld", headers: ["ETag"] } },
    errors: { not_found: "no public live world has this slug" },
  },
  {
    method: "POST",
    path: "/v1/runtime/heartbeat",
    tag: "Runtime",
    operationId: "sendHeartbeat",
    summary: "Record play time",
    description: [
      "The embed player's heartbeat: `seconds` of play since the previous one. Authenticated by the session token (bearer or `token` body field), or by a public session id alone in `sessionId`.",
      "The session's first heartbeat starts it and counts the world's lifetime `sessionCount` exactly once. At most 60 s are credited per heartbeat, and a session's total never exceeds the wall time since its token was minted. Credited seconds are billed as `session_seconds` in live mode only (`billed`); test usage is never billed.",
    ].join("\n\n"),
    auth: "session",
    body: ZHeartbeatBody,
    responses: { 200: { description: "What was credited.", schema: "Heartbeat" } },
    errors: { unauthorized: "no valid session token or public session id, or `sessionId` is not the token's session", not_found: "the session's world was deleted" },
  },
  {
    method: "POST",
    path: "/v1/tts",
    tag: "Runtime",
    operationId: "createSpeech",
    summary: "Speak a line",
    description: "Speech for `text`, inline (`audioBase64`) and hosted (`url`), metered as `tts` (given back if speaking fails). A secret key may pick any `voiceId`; a character's session token (bearer or `token` body field) speaks with that character's voice. Test mode: a deterministic short WAV, `mock: true`. Without a speech model configured, the `local` placeholder voice speaks.",
    auth: "keyOrSession",
    scope: "media:write",
    body: ZTtsBody,
    responses: { 200: { description: "The audio.", schema: "Speech" } },
    errors: {
      invalid_request: "a malformed body, or a `voiceId` other than the character's with a session token",
      unauthorized: "no valid secret key or session token, or a world's session token",
      quota_exceeded: "the app's daily `tts` quota is used up",
      upstream_failed: "the speech provider failed; nothing was charged",
    },
  },

  // ------------------------------------------------------------ characters
  {
    method: "POST",
    path: "/v1/characters",
    tag: "Characters",
    operationId: "createCharacter",
    summary: "Create a character",
    description: [
      "Three modes, selected by the body. IMPORT: `world` is a complete character world (`world.scene` plus `world.character` with its `stances`, each one a state), schema-checked, gated and stored verbatim; only `name` may override it. AUTHORED (`authored: true` with `premise`, `frame_b64` or `frame_url`): the profile and stances are invented (procedurally, deterministically), explicit fields override them. EXPLICIT: the fields, `name` and `persona` required.",
      "Defaults: `stances` a six-stance palette, `entranceState` the first stance, `cameraDynamic` = `cameraStatic`, `movementDynamic` = `movementStatic`, `cover` the frame or a placeholder portrait. The graph has one state per stance and a transition between every two. Reserves one `generation` of daily quota. Test keys: `mock: true`, private, no slug. `Idempotency-Key` makes retries safe.",
    ].join("\n\n"),
    auth: "key",
    scope: "characters:write",
    body: ZCreateCharacterBody,
    headers: ["Idempotency-Key"],
    responses: { 201: { description: "Created.", schema: "CharacterCreated", headers: ["Idempotent-Replayed"] } },
    errors: {
      invalid_request: "a malformed body or a rule of the three modes broken (see `errors`); an Idempotency-Key reused with another body",
      quota_exceeded: "the app's daily `generation` quota is used up",
      conflict: "a request with this Idempotency-Key is still in flight",
      payload_too_large: "the imported world is over the import size limit",
      validation_failed: "the imported world failed the schema, the gate (`diagnostics`) or is not a character world (`errors`)",
      upstream_failed: "`frame_b64` could not be hosted; nothing was created",
    },
  },
  {
    method: "GET",
    path: "/v1/characters/{id}",
    tag: "Characters",
    operationId: "getCharacter",
    summary: "Retrieve a character",
    description: "The World resource of a character (`kind: character`): metadata at the top, the stance graph under `world`, the profile at `world.character`. `ETag` is the `rev`.",
    auth: "key",
    scope: "characters:read",
    params: ZIdParams,
    headers: ["If-None-Match"],
    responses: { 200: { description: "The character.", schema: "CharacterResource", headers: ["ETag"] }, 304: resourceNotModified },
    errors: { not_found: "no character with this id in the key's app and mode" },
  },
  {
    method: "POST",
    path: "/v1/characters/{id}/say",
    tag: "Characters",
    operationId: "sayToCharacter",
    summary: "One talk turn",
    description: [
      "Called from the embed's browser with the character's session token (bearer or `token` body field). The persona, lore and stance palette are loaded server-side; the client sends `text` and, optionally, `currentStance`, `history`, `affect` and `memory`. The answer is a Character turn; both sides are stored in the transcript.",
      "Metered as one `say` of daily quota, and in live mode as chat time of the end user (`userRef`, else the session): the wall time since the session's previous turn, 5..60 s per turn, drawn from a 3-minute free taste, then 2 hours a month on Plus, then credit; with none left, 402 with `chat`. Test tokens get a canned, deterministic turn (`mock: true`), no model call, no chat time.",
    ].join("\n\n"),
    auth: "session",
    params: ZIdParams,
    body: ZSayBody,
    responses: { 200: { description: "The character's turn.", schema: "CharacterTurn" } },
    errors: {
      unauthorized: "no valid session token, an API key, or a token of another character, app or mode",
      invalid_request: "a malformed body, or two different tokens (header and body)",
      not_found: "the character was deleted",
      quota_exceeded: "the end user's chat time is used up (`chat`), or the app's daily `say` quota",
      validation_failed: "the character's stored profile is broken",
      upstream_failed: "the character's brain (the chat provider) failed; nothing was charged",
    },
  },
  {
    method: "GET",
    path: "/v1/characters/{id}/transcript",
    tag: "Characters",
    operationId: "getCharacterTranscript",
    summary: "A player's chat history",
    description: "Every stored turn of one player with the character, both sides, oldest first: by `userRef` (all their sessions) or by `sessionId`. Secret keys only. Pass `nextCursor` back as `cursor` for the next page.",
    auth: "key",
    scope: "characters:read",
    params: ZIdParams,
    query: ZTranscriptQuery,
    responses: { 200: { description: "The turns.", schema: "Transcript" } },
    errors: {
      invalid_request: "neither `userRef` nor `sessionId`, `limit` outside 1..1000, or a malformed `cursor`",
      forbidden: "a publishable key, or a key whose scopes do not include `characters:read`",
      not_found: "no character with this id in the key's app and mode",
    },
  },

  // ------------------------------------------------------------ apps
  {
    method: "GET",
    path: "/v1/apps",
    tag: "Apps",
    operationId: "listApps",
    summary: "List apps",
    description: "The signed-in user's apps, oldest first.",
    auth: "user",
    responses: { 200: { description: "The apps.", schema: "AppList" } },
  },
  {
    method: "POST",
    path: "/v1/apps",
    tag: "Apps",
    operationId: "createApp",
    summary: "Create an app",
    auth: "user",
    body: ZCreateApp,
    responses: { 201: { description: "The new app.", schema: "AppBody" } },
  },
  {
    method: "GET",
    path: "/v1/apps/{id}",
    tag: "Apps",
    operationId: "getApp",
    summary: "Retrieve an app",
    auth: "user",
    params: ZIdParams,
    responses: { 200: { description: "The app.", schema: "AppBody" } },
    errors: { not_found: "no app with this id among the user's" },
  },
  {
    method: "PATCH",
    path: "/v1/apps/{id}",
    tag: "Apps",
    operationId: "updateApp",
    summary: "Update an app",
    description: "Changes the name, the default mode and the embedding origins (`scheme://host[:port]`, no path; duplicates are removed).",
    auth: "user",
    params: ZIdParams,
    body: ZUpdateApp,
    responses: { 200: { description: "The updated app.", schema: "AppBody" } },
    errors: { not_found: "no app with this id among the user's" },
  },

  // ------------------------------------------------------------ keys
  {
    method: "GET",
    path: "/v1/apps/{id}/keys",
    tag: "Keys",
    operationId: "listKeys",
    summary: "List an app's keys",
    description: "Key metadata, newest first. Secrets are never returned.",
    auth: "user",
    params: ZIdParams,
    responses: { 200: { description: "The keys.", schema: "KeyList" } },
    errors: { not_found: "no app with this id among the user's" },
  },
  {
    method: "POST",
    path: "/v1/apps/{id}/keys",
    tag: "Keys",
    operationId: "createKey",
    summary: "Create a key",
    description: "Returns the key's metadata and its `secret`, the only time the secret is shown. Scopes, when given, restrict the key to routes that declare one of them.",
    auth: "user",
    params: ZIdParams,
    body: ZCreateKey,
    responses: { 201: { description: "The new key with its secret.", schema: "CreatedKey" } },
    errors: { not_found: "no app with this id among the user's" },
  },
  {
    method: "DELETE",
    path: "/v1/apps/{id}/keys/{keyId}",
    tag: "Keys",
    operationId: "revokeKey",
    summary: "Revoke a key",
    description: "Sets `revoked_at`; the key stops working at once (within seconds on multi-server deployments). Revoking again keeps the first time.",
    auth: "user",
    params: ZKeyParams,
    responses: { 200: { description: "The revoked key's metadata.", schema: "KeyBody" } },
    errors: { not_found: "no such app of the user's, or no such key of it" },
  },

  // ------------------------------------------------------------ webhooks
  {
    method: "POST",
    path: "/v1/apps/{id}/webhooks",
    tag: "Webhooks",
    operationId: "createWebhookEndpoint",
    summary: "Register a webhook endpoint",
    description: [
      "Returns the endpoint and its `secret` (`whsec_…`), the only time the secret is shown; it keys the `Service-Signature` of every delivery. If it is lost, delete the endpoint and register a new one.",
      "`url` must be `https://` and every address its host resolves to must be public (private, loopback, link-local, unique-local, multicast, CGNAT, unspecified and reserved addresses are refused, as are their IPv4-mapped forms, `localhost` and URLs with credentials). Registration does not depend on the server's DNS at that moment: a host name that does not resolve now is accepted. Every delivery resolves the host again and refuses non-public addresses (DNS rebinding); a refusal, or a host that still does not resolve, is a failed attempt in the delivery log. A server run with `WEBHOOK_ALLOW_HTTP_LOOPBACK=1` also accepts `http://127.0.0.1:<port>/…` and `http://localhost:<port>/…`.",
      "`events` defaults to `world.generation.succeeded`, `world.generation.failed` and `session.ended` (reserved; never emitted). `*` subscribes to every present and future type. At most 20 endpoints per app.",
    ].join("\n\n"),
    auth: "user",
    params: ZIdParams,
    body: ZCreateWebhook,
    responses: { 201: { description: "The new endpoint with its signing secret.", schema: "CreatedWebhookEndpoint" } },
    errors: {
      invalid_request: "a malformed body, an unknown event type, a URL that is not allowed (see `errors`), or the app already has 20 endpoints",
      not_found: "no app with this id among the user's",
    },
  },
  {
    method: "GET",
    path: "/v1/apps/{id}/webhooks",
    tag: "Webhooks",
    operationId: "listWebhookEndpoints",
    summary: "List an app's webhook endpoints",
    description: "Newest first. Secrets are never returned.",
    auth: "user",
    params: ZIdParams,
    responses: { 200: { description: "The endpoints.", schema: "WebhookEndpointList" } },
    errors: { not_found: "no app with this id among the user's" },
  },
  {
    method: "DELETE",
    path: "/v1/apps/{id}/webhooks/{whId}",
    tag: "Webhooks",
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint",
    description: "Deletes the endpoint and its delivery log; retries still scheduled for it are dropped.",
    auth: "user",
    params: ZWebhookParams,
    responses: { 200: { description: "Deleted.", schema: "Ok" } },
    errors: { not_found: "no such app of the user's, or no such endpoint of it" },
  },
  {
    method: "POST",
    path: "/v1/apps/{id}/webhooks/{whId}/delete",
    tag: "Webhooks",
    operationId: "deleteWebhookEndpointViaPost",
    summary: "Delete a webhook endpoint (POST)",
    description: "The same as `DELETE /v1/apps/{id}/webhooks/{whId}`, for clients that cannot send DELETE. Any body is ignored.",
    auth: "user",
    params: ZWebhookParams,
    responses: { 200: { description: "Deleted.", schema: "Ok" } },
    errors: { not_found: "no such app of the user's, or no such endpoint of it" },
  },
  {
    method: "GET",
    path: "/v1/apps/{id}/webhooks/{whId}/deliveries",
    tag: "Webhooks",
    operationId: "listWebhookDeliveries",
    summary: "List an endpoint's deliveries",
    description: "The delivery log, newest first: one row per event sent to this endpoint, with its state, its attempts (at most 3) and when the next retry is due. An attempt without a response has a null `status_code` and an `error` saying why (a timeout, a refused connection, `host … could not be resolved (…)`, `URL refused: …` when the host now resolves to a non-public address). Pass `nextCursor` back as `cursor` for the next page.",
    auth: "user",
    params: ZWebhookParams,
    query: ZDeliveryListQuery,
    responses: { 200: { description: "A page of the log.", schema: "WebhookDeliveryList" } },
    errors: {
      invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return",
      not_found: "no such app of the user's, or no such endpoint of it",
    },
  },

  // ------------------------------------------------------------ meta
  {
    method: "GET",
    path: "/v1/openapi.json",
    tag: "Meta",
    operationId: "getOpenApiDocument",
    summary: "This reference as OpenAPI 3.1",
    description: "The OpenAPI 3.1 document of /v1, generated from the zod schemas the routes use. Not wrapped: it carries no `schemaVersion`.",
    auth: "none",
    unwrapped: true,
    responses: { 200: { description: "The document.", schema: "OpenApiDocument" } },
  },
  {
    method: "GET",
    path: "/v1/jobs/{jobId}",
    tag: "Jobs",
    operationId: "getJob",
    summary: "Get a generation job",
    description: "Status (`queued`, `running`, `succeeded`, `failed`, `cancelled`), phase, progress from 0 to 1, and `worldId` once the world exists.",
    auth: "key",
    scope: "worlds:read",
    params: ZJobParams,
    responses: { 200: { description: "The job.", schema: "GenerationJob" } },
    errors: { not_found: "no job with this id in the key's app and mode" },
  },
  {
    method: "POST",
    path: "/v1/jobs/{jobId}/cancel",
    tag: "Jobs",
    operationId: "cancelJob",
    summary: "Cancel a generation job",
    description: "A `queued` or `running` job becomes `cancelled`; it stops at its next step and its quota unit comes back unless the world was already stored.",
    auth: "key",
    scope: "worlds:write",
    params: ZJobParams,
    responses: { 200: { description: "The cancelled job.", schema: "GenerationJob" } },
    errors: { not_found: "no job with this id in the key's app and mode", conflict: "the job has already ended" },
  },
  {
    method: "POST",
    path: "/v1/seed-frame",
    tag: "Media",
    operationId: "paintSeedFrame",
    summary: "Paint a 16:9 seed frame",
    description: "Metered as `seed_frame`, reserved before the painter runs and given back if painting fails. Test keys get a deterministic mock frame (`mock: true`).",
    auth: "key",
    scope: "media:write",
    body: ZSeedFrameBody,
    responses: { 200: { description: "The frame, inline and hosted.", schema: "SeedFrame" } },
    errors: { quota_exceeded: "the app's daily `seed_frame` quota is used up", upstream_failed: "the painter failed; nothing was charged", unavailable: "the quota store is unreachable" },
  },
  {
    method: "POST",
    path: "/v1/worlds/{id}/scenes",
    tag: "Media",
    operationId: "paintScene",
    summary: "Paint a world's next scene",
    description: "Paints a 16:9 frame from the world's stored `subjectRef` (and a state's prose, with `stateId`). Metered as `seed_frame`. The graph is not changed: set the frame with an op if you keep it.",
    auth: "key",
    scope: "media:write",
    params: ZIdParams,
    body: ZSceneBody,
    bodyOptional: true,
    responses: { 200: { description: "The frame.", schema: "ScenePainted" } },
    errors: {
      not_found: "no world with this id in the key's app and mode",
      invalid_request: "a malformed body, or `stateId` names no state",
      validation_failed: "the world has no `subjectRef`",
      quota_exceeded: "the app's daily `seed_frame` quota is used up",
      upstream_failed: "the painter failed; nothing was charged",
    },
  },
];

const READ_METHODS = new Set<HttpMethod>(["GET"]);

/**
 * Every error an operation can give, by code: those of its kind of route (the wrapper's
 * credential, scope, rate limit, path and body parsing, and the catch-all 500) and its own.
 */
export function errorsOf(op: Operation): Partial<Record<ErrorCode, string>> {
  const out: Partial<Record<ErrorCode, string>> = {};
  if (op.unwrapped) return { ...op.errors };
  if (op.body || op.query) out.invalid_request = op.body ? "malformed JSON, wrong types, unknown fields or values (see `errors`)" : "invalid query parameters (see `errors`)";
  if (op.auth === "key") {
    out.unauthorized = "missing, malformed, unknown or revoked API key";
    if (!READ_METHODS.has(op.method)) out.forbidden = op.scope ? "a publishable key, or a key whose scopes do not include this route's" : "a publishable key";
    else if (op.scope) out.forbidden = "the key's scopes do not include this route's";
  }
  if (op.auth === "user") {
    out.unauthorized = "no valid user session (an API key is never accepted here)";
    if (!READ_METHODS.has(op.method)) out.forbidden = "a cookie-authenticated write from another origin";
  }
  if (op.auth === "session") out.unauthorized = "no valid session token: missing, malformed, expired, tampered with, an API key, or scoped to another world or character";
  if (op.auth === "keyOrSession") {
    out.unauthorized = "neither a valid secret key nor a valid session token";
    out.forbidden = op.scope ? "a publishable key, or a key whose scopes do not include this route's" : "a publishable key";
  }
  if (op.params) out.not_found = "no such resource, or an id that is not a UUID";
  if (op.auth === "key" || op.auth === "keyOrSession") {
    // The Studio's session acting for an app (`X-App-Id`, `X-App-Mode`).
    out.not_found ??= "`X-App-Id` names no app of the signed-in user";
    out.invalid_request ??= "`X-App-Mode` is neither `live` nor `test`";
  }
  Object.assign(out, op.errors);
  if (op.body) {
    out.payload_too_large ??= "the body is over the size limit";
    out.unsupported_media_type = "a `Content-Type` other than JSON";
  }
  if (op.auth !== "none") out.rate_limited = "the credential's request rate is over its mode's limit (live 100/s, test 25/s by default); see `Retry-After`";
  out.internal_error = "a bug; the body carries `requestId`";
  return out;
}
