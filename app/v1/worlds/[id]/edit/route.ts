import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/graph";
import { editWorld } from "@/lib/edit/edit";

export const POST = route(op.editWorld, async ({ auth, params, body, expectedRev }) => editWorld(auth, params.id, body, expectedRev));
