import { route } from "@/lib/http/route";
import { ZRenameVersionBody, ZVersionParams } from "@/lib/versions/requests";
import { getVersion, pruneVersion, renameVersion } from "@/lib/versions/versions";

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZVersionParams,
  handler: async ({ auth, params }) => getVersion(auth, params.id, params.versionId),
});

export const PATCH = route({
  auth: "key",
  scope: "worlds:write",
  params: ZVersionParams,
  body: ZRenameVersionBody,
  handler: async ({ auth, params, body }) => renameVersion(auth, params.id, params.versionId, body.title),
});

export const DELETE = route({
  auth: "key",
  scope: "worlds:write",
  params: ZVersionParams,
  handler: async ({ auth, params }) => pruneVersion(auth, params.id, params.versionId),
});
