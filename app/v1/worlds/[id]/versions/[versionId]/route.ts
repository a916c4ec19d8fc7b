import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/versions";
import { getVersion, pruneVersion, renameVersion } from "@/lib/versions/versions";

export const GET = route(op.getWorldVersion, async ({ auth, params }) => getVersion(auth, params.id, params.versionId));

export const PATCH = route(op.renameWorldVersion, async ({ auth, params, body }) =>
  renameVersion(auth, params.id, params.versionId, body.title),
);

export const DELETE = route(op.pruneWorldVersion, async ({ auth, params }) => pruneVersion(auth, params.id, params.versionId));
