import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/scenarios";
import { cancelBatch } from "@/lib/scenarios/scenarios";
import { serializeBatchWithClips } from "@/lib/scenarios/serialize";

export const POST = route(op.cancelScenarioBatch, async ({ auth, params }) => serializeBatchWithClips(await cancelBatch(auth, params.id)));
