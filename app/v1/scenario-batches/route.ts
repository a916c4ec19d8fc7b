import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/scenarios";
import { reply } from "@/lib/reply";
import { createBatch, listBatches } from "@/lib/scenarios/scenarios";
import { serializeBatch } from "@/lib/scenarios/serialize";

export const POST = route(op.createScenarioBatch, async ({ req, auth, body }) =>
  reply(202, serializeBatch(await createBatch(auth, body, publicBaseUrl(req)))),
);

export const GET = route(op.listScenarioBatches, async ({ auth, query }) => {
  const { rows, nextCursor } = await listBatches(auth, query.limit, query.cursor);
  return { batches: rows.map(serializeBatch), nextCursor };
});
