import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import { ZRestoreVersionBody, ZVersionParams } from "@/lib/versions/requests";
import { restoreVersion } from "@/lib/versions/versions";
import { worldResourceBody } from "@/lib/worlds/serialize";

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZVersionParams,
  body: ZRestoreVersionBody,
  bodyOptional: true,
  handler: async ({ req, auth, params, expectedRev }) =>
    worldResourceBody(await restoreVersion(auth, params.id, params.versionId, expectedRev), publicBaseUrl(req)),
});
