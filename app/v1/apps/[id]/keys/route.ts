import { assertAppOwner } from "@/lib/apps/apps";
import { createKey, listKeys, ZCreateKey } from "@/lib/keys/keys";
import { ZIdParams } from "@/lib/shared/params";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "user",
  params: ZIdParams,
  handler: async ({ auth, params }) => {
    await assertAppOwner(auth.userId, params.id);
    return { keys: await listKeys(params.id) };
  },
});

export const POST = route({
  auth: "user",
  params: ZIdParams,
  body: ZCreateKey,
  handler: async ({ auth, params, body }) => {
    await assertAppOwner(auth.userId, params.id);
    return reply(201, await createKey(params.id, body));
  },
});
