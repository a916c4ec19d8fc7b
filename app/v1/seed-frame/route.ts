import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import { paintSeedFrame, ZSeedFrameBody } from "@/lib/media/seed-frame";

export const POST = route({
  auth: "key",
  scope: "media:write",
  body: ZSeedFrameBody,
  handler: async ({ req, auth, body }) => paintSeedFrame(auth, body, publicBaseUrl(req)),
});
