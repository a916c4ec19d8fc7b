import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/media";
import { paintScene } from "@/lib/media/seed-frame";

export const POST = route(op.paintScene, async ({ req, auth, params, body }) => paintScene(auth, params.id, body, publicBaseUrl(req)));
