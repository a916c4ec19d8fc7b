import { getDb } from "@/lib/db";
import type { App } from "@/lib/db/generated/client";
import type { WorldRow } from "./row";
import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { getWorldOrThrow } from "./worlds";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A world the Studio user may open: any world (either mode) of an app the user owns, with that
 * app. Null when the id is malformed, the world does not exist or its app is someone else's
 * (the page answers 404 for all three, so other people's worlds do not leak).
 */
export async function findUserWorld(userId: string, worldId: string): Promise<{ row: WorldRow; app: App } | null> {
  if (!UUID.test(worldId)) return null;
  const db = await getDb();
  const found = await db.world.findUnique({ where: { id: worldId }, select: { appId: true, mode: true, app: true } });
  if (!found || found.app.ownerId !== userId) return null;
  try {
    // The graph comes through the change-fed cache, like every other read of a world.
    const row = await getWorldOrThrow({ appId: found.appId, mode: found.mode as Mode }, worldId);
    return { row, app: found.app };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}
