import { createDataset } from "@/lib/datasets/datasets";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/datasets";
import { reply } from "@/lib/reply";

export const POST = route(op.createWorldDataset, async ({ req, auth, params, body }) =>
  reply(202, await createDataset(auth, params.id, body, publicBaseUrl(req))),
);
