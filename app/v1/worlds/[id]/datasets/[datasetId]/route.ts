import { getDataset } from "@/lib/datasets/datasets";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/datasets";

export const GET = route(op.getWorldDataset, async ({ auth, params }) => getDataset(auth, params.id, params.datasetId));
