import { ZIdParams } from "@/lib/shared/params";
import { ZCreateVersionBody, ZRenameVersionBody, ZRestoreVersionBody, ZVersionParams } from "@/lib/versions/requests";
import { operation } from "../operation";
import { notFoundWorld, revMismatch, ifMatchConflict } from "./common";

export const listWorldVersions = operation({
  method: "GET",
  path: "/v1/worlds/{id}/versions",
  tag: "Versions",
  operationId: "listWorldVersions",
  summary: "List versions",
  description:
    "Every version of the world, newest first, and the id of HEAD. A generated, imported or forked world starts with one, `Original`: the root, and HEAD until the first snapshot.",
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  responses: { 200: { description: "The versions.", schema: "VersionList" } },
  errors: notFoundWorld,
});

export const createWorldVersion = operation({
  method: "POST",
  path: "/v1/worlds/{id}/versions",
  tag: "Versions",
  operationId: "createWorldVersion",
  summary: "Snapshot the working graph",
  description: "A full snapshot of the working graph, as a child of HEAD; HEAD moves to it.",
  auth: "key",
  scope: "worlds:write",
  idempotency: "version",
  params: ZIdParams,
  body: ZCreateVersionBody,
  bodyOptional: true,
  responses: { 201: { description: "The new version (now HEAD).", schema: "VersionBody", headers: ["ETag"] } },
  errors: notFoundWorld,
});

export const getWorldVersion = operation({
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
});

export const renameWorldVersion = operation({
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
});

export const pruneWorldVersion = operation({
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
});

export const restoreWorldVersion = operation({
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
  responses: {
    200: {
      description: "The restored world, with the recorded play-throughs replayed on it (`playtests`).",
      schema: "RestoredWorld",
      headers: ["ETag"],
    },
  },
  errors: {
    ...ifMatchConflict,
    not_found: "no such world, or no such version of it",
    ...revMismatch,
    validation_failed: "`requirePlaytests` is set and the snapshot breaks a recorded play-through; nothing persisted",
  },
});

/** In the order of the document. */
export const VERSIONS = [
  listWorldVersions,
  createWorldVersion,
  getWorldVersion,
  renameWorldVersion,
  pruneWorldVersion,
  restoreWorldVersion,
];
