import { ZIdParams } from "@/lib/shared/params";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { ZCreateVersionBody } from "@/lib/versions/requests";
import { createVersion, listVersions } from "@/lib/versions/versions";

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZCreateVersionBody,
  bodyOptional: true,
  handler: async ({ auth, params, body }) => reply(201, await createVersion(auth, params.id, body.title)),
});

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  handler: async ({ auth, params }) => listVersions(auth, params.id),
});
