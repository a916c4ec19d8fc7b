import { createApp, listApps, serializeApp } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/apps";
import { reply } from "@/lib/reply";

export const POST = route(op.createApp, async ({ auth, body }) => reply(201, serializeApp(await createApp(auth.userId, body.name))));

export const GET = route(op.listApps, async ({ auth }) => ({ apps: (await listApps(auth.userId)).map(serializeApp) }));
