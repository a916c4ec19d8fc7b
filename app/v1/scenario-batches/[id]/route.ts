import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/scenarios";
import { getBatchOrThrow } from "@/lib/scenarios/scenarios";
import { serializeBatchWithClips } from "@/lib/scenarios/serialize";

export const GET = route(op.getScenarioBatch, async ({ auth, params }) => serializeBatchWithClips(await getBatchOrThrow(auth, params.id)));
