import { publicBaseUrl } from "@/lib/http/base-url";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/worlds";
import { createWorld } from "@/lib/generation/create-world";
import { toWorldSummary } from "@/lib/worlds/serialize";
import { listWorlds } from "@/lib/worlds/worlds";

export const POST = route(
  op.createWorld,
  async ({ req, auth, body, idempotency }) => {
    const { status, body: answer } = await createWorld(auth, body, publicBaseUrl(req), idempotency);
    return reply(status, answer);
  },
  { idempotencyInWrite: true },
);

export const GET = route(op.listWorlds, async ({ req, auth, query }) => {
  const { rows, nextCursor } = await listWorlds(auth, query.limit, query.cursor);
  return { worlds: rows.map((row) => toWorldSummary(row, publicBaseUrl(req))), nextCursor };
});
