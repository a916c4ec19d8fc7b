import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/vision";
import { checkFrame } from "@/lib/vision/vision";

export const POST = route(op.checkVision, async ({ req, auth, body }) => checkFrame(auth, body, publicBaseUrl(req)));
