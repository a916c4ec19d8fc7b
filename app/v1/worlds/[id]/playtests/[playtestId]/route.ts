import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/playtests";
import { deletePlaytest } from "@/lib/playtests/playtests";

export const DELETE = route(op.deleteWorldPlaytest, async ({ auth, params }) => deletePlaytest(auth, params.id, params.playtestId));
