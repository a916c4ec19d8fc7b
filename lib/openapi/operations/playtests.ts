import { ZCreatePlaytestBody, ZPlaytestParams } from "@/lib/playtests/requests";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";
import { notFoundWorld } from "./common";

export const listWorldPlaytests = operation({
  method: "GET",
  path: "/v1/worlds/{id}/playtests",
  tag: "Playtests",
  operationId: "listWorldPlaytests",
  summary: "List recorded play-throughs",
  description: "The world's recorded play-throughs, oldest first. Every graph write replays them and reports the result as `playtests`.",
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  responses: { 200: { description: "The play-throughs.", schema: "PlaytestList" } },
  errors: notFoundWorld,
});

export const createWorldPlaytest = operation({
  method: "POST",
  path: "/v1/worlds/{id}/playtests",
  tag: "Playtests",
  operationId: "createWorldPlaytest",
  summary: "Record a play-through",
  description: [
    "From the entrance, each step's `event` is taken by name from the state the player is in, and the player must then be in the step's `state` (an override stays in place).",
    "A play-through is recorded only when it plays on the graph as it is now. From then on every graph write (ops, events, edit, restore) replays it and reports it under `playtests`; a write with `requirePlaytests: true` that breaks it is refused.",
  ].join("\n\n"),
  auth: "key",
  scope: "worlds:write",
  idempotency: "playtest",
  params: ZIdParams,
  body: ZCreatePlaytestBody,
  responses: { 201: { description: "The recorded play-through.", schema: "PlaytestBody" } },
  errors: {
    ...notFoundWorld,
    validation_failed: "the play-through does not play on the current graph (`errors` names the step); nothing recorded",
    conflict: "the world already keeps 100 play-throughs",
  },
});

export const deleteWorldPlaytest = operation({
  method: "DELETE",
  path: "/v1/worlds/{id}/playtests/{playtestId}",
  tag: "Playtests",
  operationId: "deleteWorldPlaytest",
  summary: "Delete a play-through",
  description: "Graph writes stop replaying it.",
  auth: "key",
  scope: "worlds:write",
  params: ZPlaytestParams,
  responses: { 200: { description: "Deleted.", schema: "Ok" } },
  errors: { not_found: "no such world, or no such play-through of it" },
});

/** In the order of the document. */
export const PLAYTESTS = [listWorldPlaytests, createWorldPlaytest, deleteWorldPlaytest];
