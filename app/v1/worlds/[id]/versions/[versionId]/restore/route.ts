import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/versions";
import { restoreVersion } from "@/lib/versions/versions";
import { worldResourceBody } from "@/lib/worlds/serialize";

export const POST = route(op.restoreWorldVersion, async ({ req, auth, params, body, expectedRev }) => {
  const { row, playtests } = await restoreVersion(auth, params.id, params.versionId, expectedRev, body);
  return { ...worldResourceBody(row, publicBaseUrl(req)), playtests };
});
