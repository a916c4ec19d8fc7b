import { ZIdParams } from "@/lib/shared/params";
import { ZCreateWorldBody, ZForkBody, ZListQuery, ZUpdateWorldBody } from "@/lib/worlds/requests";
import { operation } from "../operation";
import { importBodyLimit, notFoundWorld, revMismatch, ifMatchConflict, resourceNotModified } from "./common";

export const createWorld = operation({
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
  idempotency: "world",
  body: ZCreateWorldBody,
  bodyLimit: importBodyLimit,
  responses: {
    200: { description: "Generated (synchronously).", schema: "CreateWorldGenerated" },
    201: { description: "Imported.", schema: "WorldImported" },
    202: { description: "Queued as a durable job (live keys with `async: true`); poll GET /v1/jobs/{jobId}.", schema: "GenerationJob" },
  },
  errors: {
    invalid_request: "a malformed body or a rule of the two modes broken (see `errors`)",
    quota_exceeded: "the app's daily `generation` quota is used up",
    payload_too_large:
      "the imported world is over the server's `IMPORT_MAX_BYTES`, `IMPORT_MAX_STATES` states or `IMPORT_MAX_EVENTS` events",
    validation_failed: "the imported or generated world failed the schema (`errors`) or the gate (`diagnostics`)",
    upstream_failed: "`subject_ref.image_b64` could not be hosted; nothing was created",
    unavailable: "the quota store is unreachable, or live generation is not available; nothing was created",
  },
});

export const listWorlds = operation({
  method: "GET",
  path: "/v1/worlds",
  tag: "Worlds",
  operationId: "listWorlds",
  summary: "List worlds",
  description:
    "The worlds of the key's app and mode, newest first, without their graphs. Pass `nextCursor` back as `cursor` for the next page.",
  auth: "key",
  scope: "worlds:read",
  query: ZListQuery,
  responses: { 200: { description: "A page of worlds.", schema: "WorldList" } },
  errors: { invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return" },
});

export const getWorld = operation({
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
});

export const updateWorld = operation({
  method: "PATCH",
  path: "/v1/worlds/{id}",
  tag: "Worlds",
  operationId: "updateWorld",
  summary: "Update a world's metadata",
  description:
    "Changes `name`, `description`, `cover` and `visibility`. A live world made public gets a `playUrl` (on the server's `PUBLIC_URL`, else the origin the request addressed); a test-mode world stays private and slug-less whatever is asked.",
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZUpdateWorldBody,
  headers: ["If-Match"],
  responses: { 200: { description: "The updated world.", schema: "WorldResource", headers: ["ETag"] } },
  errors: { ...ifMatchConflict, ...notFoundWorld, ...revMismatch },
});

export const deleteWorld = operation({
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
});

export const forkWorld = operation({
  method: "POST",
  path: "/v1/worlds/{id}/fork",
  tag: "Worlds",
  operationId: "forkWorld",
  summary: "Fork a world",
  description:
    "Copies the working graph into a new world of the key's app and mode. The source must be the caller's own or a public live world. `name` defaults to the source's name plus \" (fork)\".",
  auth: "key",
  scope: "worlds:write",
  idempotency: "fork",
  params: ZIdParams,
  body: ZForkBody,
  bodyOptional: true,
  responses: { 201: { description: "The new world.", schema: "Fork" } },
  errors: { not_found: "no such world of the caller's, and no public live world with this id" },
});

/** In the order of the document. */
export const WORLDS = [createWorld, listWorlds, getWorld, updateWorld, deleteWorld, forkWorld];
