import { z } from "zod";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { getDb, type DbClient } from "@/lib/db";
import type { App } from "@/lib/db/generated/client";
import { notFound } from "@/lib/errors";
import { MODES, type Mode } from "@/lib/shared/caller";
import { createKey, type CreateKeyInput } from "@/lib/keys/keys";

/** An embedding origin: scheme, host and port only (what a browser sends as `Origin`). */
export const ZOrigin = z
  .string()
  .trim()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "must be an origin such as https://example.com (scheme, host and optional port; no path)")
  .transform((value) => new URL(value).origin);

export const ZAppName = z.string().trim().min(1, "must not be empty").max(100);

export const ZCreateApp = z.strictObject({ name: ZAppName });
export const ZUpdateApp = z.strictObject({
  name: ZAppName.optional(),
  defaultMode: z.enum(MODES).optional(),
  embedOrigins: z.array(ZOrigin).max(50).optional(),
});
export type UpdateAppInput = z.infer<typeof ZUpdateApp>;

export function serializeApp(app: App) {
  return {
    id: app.id,
    name: app.name,
    defaultMode: app.defaultMode as Mode,
    embedOrigins: app.embedOrigins,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

export async function createApp(ownerId: string, name: string, db?: DbClient): Promise<App> {
  const client = db ?? (await getDb());
  return client.app.create({ data: { ownerId, name } });
}

export async function listApps(ownerId: string): Promise<App[]> {
  const db = await getDb();
  return db.app.findMany({ where: { ownerId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** The app if `ownerId` owns it; 404 otherwise, so that other people's apps do not leak. */
export async function getOwnedAppOrThrow(ownerId: string, appId: string): Promise<App> {
  const db = await getDb();
  const app = await db.app.findFirst({ where: { id: appId, ownerId } });
  if (!app) throw notFound("App");
  appOwners.set(app.id, app.ownerId, OWNER_TTL_MS);
  return app;
}

// An app never changes owner, so "does this user own this app" can be answered from memory.
const appOwners = new TtlCache<string, string>(50_000);
const OWNER_TTL_MS = 10 * 60_000;

/**
 * What an app's `defaultMode` decides (docs/api.md "Apps"): the mode of a key created without one,
 * and the mode the Studio acts in for the app when a request names none (`X-App-Id` without
 * `X-App-Mode`). Everything else runs in its key's mode.
 */
export async function createAppKey(ownerId: string, appId: string, input: CreateKeyInput) {
  const app = await getOwnedAppOrThrow(ownerId, appId);
  return createKey(appId, { ...input, mode: input.mode ?? (app.defaultMode as Mode) });
}

/** The mode the Studio acts in for `appId` when its request names none: the app's default (404 for another's app). */
export async function defaultModeOf(ownerId: string, appId: string): Promise<Mode> {
  return (await getOwnedAppOrThrow(ownerId, appId)).defaultMode as Mode;
}

/** Like getOwnedAppOrThrow when only ownership matters: no query once the answer is known. */
export async function assertAppOwner(ownerId: string, appId: string): Promise<void> {
  if (appOwners.get(appId) === ownerId) return;
  await getOwnedAppOrThrow(ownerId, appId);
}

export async function updateApp(ownerId: string, appId: string, input: UpdateAppInput): Promise<App> {
  await getOwnedAppOrThrow(ownerId, appId);
  const db = await getDb();
  const origins = input.embedOrigins ? [...new Set(input.embedOrigins)] : undefined;
  return db.app.update({ where: { id: appId }, data: { name: input.name, defaultMode: input.defaultMode, embedOrigins: origins } });
}
