import { assertAppOwner } from "@/lib/apps/apps";
import { revokeKey } from "@/lib/keys/keys";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/keys";

export const DELETE = route(op.revokeKey, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return revokeKey(params.id, params.keyId);
});
