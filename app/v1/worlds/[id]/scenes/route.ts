import { publicBaseUrl } from "@/lib/http/base-url";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";
import { paintScene, ZSceneBody } from "@/lib/media/seed-frame";

export const POST = route({
  auth: "key",
  scope: "media:write",
  params: ZIdParams,
  body: ZSceneBody,
  bodyOptional: true,
  handler: async ({ req, auth, params, body }) => paintScene(auth, params.id, body, publicBaseUrl(req)),
});
