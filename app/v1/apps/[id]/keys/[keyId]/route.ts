import { assertAppOwner } from "@/lib/apps/apps";
import { revokeKey } from "@/lib/keys/keys";
import { ZKeyParams } from "@/lib/keys/requests";
import { route } from "@/lib/http/route";

export const DELETE = route({
  auth: "user",
  params: ZKeyParams,
  handler: async ({ auth, params }) => {
    await assertAppOwner(auth.userId, params.id);
    return revokeKey(params.id, params.keyId);
  },
});
