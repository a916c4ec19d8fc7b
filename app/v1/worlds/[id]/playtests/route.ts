import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/playtests";
import { createPlaytest, listPlaytests } from "@/lib/playtests/playtests";

export const GET = route(op.listWorldPlaytests, async ({ auth, params }) => listPlaytests(auth, params.id));

export const POST = route(op.createWorldPlaytest, async ({ auth, params, body }) =>
  reply(201, await createPlaytest(auth, params.id, body)),
);
