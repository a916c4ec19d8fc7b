import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/media";
import { paintSeedFrame } from "@/lib/media/seed-frame";

export const POST = route(op.paintSeedFrame, async ({ req, auth, body }) => paintSeedFrame(auth, body, publicBaseUrl(req)));
