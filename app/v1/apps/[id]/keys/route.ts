import { assertAppOwner, createAppKey } from "@/lib/apps/apps";
import { listKeys } from "@/lib/keys/keys";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/keys";

export const GET = route(op.listKeys, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return { keys: await listKeys(params.id) };
});

export const POST = route(op.createKey, async ({ auth, params, body }) => {
  return reply(201, await createAppKey(auth.userId, params.id, body));
});
