import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/versions";
import { createVersion, listVersions } from "@/lib/versions/versions";

export const POST = route(op.createWorldVersion, async ({ auth, params, body }) =>
  reply(201, await createVersion(auth, params.id, body.title)),
);

export const GET = route(op.listWorldVersions, async ({ auth, params }) => listVersions(auth, params.id));
