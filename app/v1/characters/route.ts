import { createCharacter } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";

export const POST = route(op.createCharacter, async ({ req, auth, body }) =>
  reply(201, await createCharacter(auth, body, publicBaseUrl(req))),
);
