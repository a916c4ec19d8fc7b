import { getOwnedAppOrThrow, serializeApp, updateApp } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/apps";

export const GET = route(op.getApp, async ({ auth, params }) => serializeApp(await getOwnedAppOrThrow(auth.userId, params.id)));

export const PATCH = route(op.updateApp, async ({ auth, params, body }) => serializeApp(await updateApp(auth.userId, params.id, body)));
