import type { App } from "@/lib/db/generated/client";
import { mintSessionToken } from "@/lib/sessions/mint";
import { SESSION_TTL_MAX } from "@/lib/sessions/requests";
import type { Mode } from "@/lib/shared/caller";
import type { WorldRow } from "@/lib/worlds/row";
import { findUserWorld } from "@/lib/worlds/studio";
import { readProfile, type CharacterProfile } from "./profile";

/**
 * A character the Studio user may open: any character (either mode) of an app the user owns,
 * with that app and its stored profile (null when `world.character` is missing or malformed).
 * Null for a malformed id, an unknown id, a plain world or another account's character, so the
 * page answers 404 for all of them and nothing of other people's characters leaks.
 */
export async function findUserCharacter(
  userId: string,
  characterId: string,
): Promise<{ row: WorldRow; app: App; profile: CharacterProfile | null } | null> {
  const found = await findUserWorld(userId, characterId);
  if (!found || found.row.kind !== "character") return null;
  return { ...found, profile: readProfile(found.row.graph) };
}

/** The end-user id of the Studio's own preview of a character: the owner, metered like any player. */
export function studioUserRef(userId: string): string {
  return `studio:${userId}`;
}

/**
 * A session token for the owner's live preview in the Studio, minted exactly as
 * `POST /v1/sessions/token` mints one for a developer's server (same checks, same claims), in the
 * character's own mode, for the longest lifetime a token may have.
 */
export async function mintStudioPreviewToken(userId: string, row: Pick<WorldRow, "id" | "appId" | "mode">) {
  return mintSessionToken(
    { appId: row.appId, mode: row.mode as Mode },
    { characterId: row.id, ttlSeconds: SESSION_TTL_MAX, userRef: studioUserRef(userId) },
  );
}
