import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/vision";
import { groundFrame } from "@/lib/vision/vision";

export const POST = route(op.groundVision, async ({ req, auth, body }) => groundFrame(auth, body, publicBaseUrl(req)));
