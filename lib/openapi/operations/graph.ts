import { ZEditBody } from "@/lib/edit/requests";
import { ZAddEventBody } from "@/lib/kernel";
import { ZIdParams } from "@/lib/shared/params";
import { ZOpsBody } from "@/lib/worlds/requests";
import { operation } from "../operation";
import { fixedBodyLimit, notFoundWorld, revMismatch, ifMatchConflict, notModified } from "./common";

export const getWorldScene = operation({
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
});

export const listWorldStates = operation({
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
});

export const listWorldEvents = operation({
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
});

export const addWorldEvent = operation({
  method: "POST",
  path: "/v1/worlds/{id}/events",
  tag: "Graph",
  operationId: "addWorldEvent",
  summary: "Add an event",
  description:
    "Adds one event through the same path as an `add_event` op: a transition needs `to`, an override must not carry it. Validated fail-closed by the kernel gate; nothing persists on failure.",
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
    validation_failed:
      "the event could not be added, the result failed the kernel gate (`diagnostics`), or `requirePlaytests` is set and it breaks a recorded play-through; nothing persisted",
  },
});

export const applyWorldOps = operation({
  method: "POST",
  path: "/v1/worlds/{id}/ops",
  tag: "Graph",
  operationId: "applyWorldOps",
  summary: "Apply a batch of graph ops",
  description: [
    "Ops apply in order and atomically. An op that cannot be applied is skipped and reported in `applyErrors` (non-fatal); the resulting world is then validated once by the kernel gate. A 422 rejects the whole batch and nothing persists.",
    "Concurrency: send the last `rev` as `If-Match` (or `expectedRev`); a stale one is a 412 with `currentRev`.",
    "The world's recorded play-throughs are replayed on the result (`playtests`); with `requirePlaytests: true` a batch that breaks one is a 422 and nothing persists.",
  ].join("\n\n"),
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZOpsBody,
  bodyLimit: fixedBodyLimit(4 * 1024 * 1024),
  headers: ["If-Match"],
  responses: { 200: { description: "Graph-write result with `applyErrors`.", schema: "OpsResult", headers: ["ETag"] } },
  errors: {
    ...ifMatchConflict,
    ...notFoundWorld,
    ...revMismatch,
    validation_failed:
      "the resulting world failed the kernel gate (`diagnostics`), or `requirePlaytests` is set and it breaks a recorded play-through; nothing persisted",
  },
});

export const editWorld = operation({
  method: "POST",
  path: "/v1/worlds/{id}/edit",
  tag: "Graph",
  operationId: "editWorld",
  summary: "Edit the graph in plain language",
  description: [
    "The instruction becomes a batch of public ops (`ops`, with a one-sentence `summary`), applied exactly as `POST /v1/worlds/{id}/ops` applies a batch: in order, atomically, through the kernel gate, with the recorded play-throughs replayed (`playtests`, `requirePlaytests`). `dryRun: true` answers the ops and the graph they would make, and persists nothing.",
    "Who reads the instruction (`provider`): test keys a deterministic mock (`mock: true`; an instruction of the grammar as the grammar reads it, any other a fixed mock edit); live keys the configured OpenAI-compatible model (structured output in the op vocabulary, one repair round with the gate's findings), else the offline grammar of docs/edit.md. An instruction that cannot be turned into ops, or that names a state that does not exist or could be several, is a 422 whose `detail` says why and suggests the names meant.",
    "Metered as one `edit` of daily quota (reserved first, given back when the edit fails); `Idempotency-Key` replays a retry.",
  ].join("\n\n"),
  auth: "key",
  scope: "worlds:write",
  idempotency: "edit",
  params: ZIdParams,
  body: ZEditBody,
  headers: ["If-Match"],
  responses: {
    200: {
      description: "The graph-write result with `ops` and `summary`; with `dryRun`, the preview (`dryRun: true`, `baseRev`).",
      schema: "EditAnswer",
      headers: ["ETag"],
    },
  },
  errors: {
    ...ifMatchConflict,
    ...notFoundWorld,
    ...revMismatch,
    quota_exceeded: "the app's daily `edit` quota is used up",
    validation_failed:
      "the instruction could not be turned into ops (`detail` says why), the batch failed the kernel gate (`diagnostics`), or `requirePlaytests` is set and it breaks a recorded play-through; nothing persisted, nothing charged",
    upstream_failed: "the edit model failed; nothing persisted, nothing charged",
    unavailable: "the quota store or the edit model's configuration is unavailable",
  },
});

/** In the order of the document. */
export const GRAPH = [getWorldScene, listWorldStates, listWorldEvents, addWorldEvent, applyWorldOps, editWorld];
