import { ZAddEventBody } from "@/lib/kernel";
import { ZIdParams } from "@/lib/shared/params";
import { ZOpsBody } from "@/lib/worlds/requests";
import { operation } from "../operation";
import { notFoundWorld, revMismatch, ifMatchConflict, notModified } from "./common";

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
    validation_failed: "the event could not be added, the result failed the kernel gate (`diagnostics`), or `requirePlaytests` is set and it breaks a recorded play-through; nothing persisted",
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
  headers: ["If-Match"],
  responses: { 200: { description: "Graph-write result with `applyErrors`.", schema: "OpsResult", headers: ["ETag"] } },
  errors: {
    ...ifMatchConflict,
    ...notFoundWorld,
    ...revMismatch,
    payload_too_large: "the batch is over 4 MB",
    validation_failed: "the resulting world failed the kernel gate (`diagnostics`), or `requirePlaytests` is set and it breaks a recorded play-through; nothing persisted",
  },
});

/** In the order of the document. */
export const GRAPH = [getWorldScene, listWorldStates, listWorldEvents, addWorldEvent, applyWorldOps];
