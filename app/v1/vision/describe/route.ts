import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/vision";
import { describeFrame } from "@/lib/vision/vision";

export const POST = route(op.describeVision, async ({ req, auth, body }) => describeFrame(auth, body, publicBaseUrl(req)));
