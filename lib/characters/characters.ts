import type { WorldRow } from "@/lib/worlds/row";
import { ApiError, notFound } from "@/lib/errors";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { readProfile, type CharacterProfile } from "./profile";

/** A character of the caller's app and mode; a plain world, or anything else: 404. */
export async function getCharacterOrThrow(caller: Caller, id: string): Promise<WorldRow> {
  const row = await getWorldOrThrow(caller, id).catch(() => {
    throw notFound("Character");
  });
  if (row.kind !== "character") throw notFound("Character");
  return row;
}

/** The stored profile; a character whose `character` object was broken cannot talk (422). */
export function profileOrThrow(row: WorldRow): CharacterProfile {
  const profile = readProfile(row.graph);
  if (!profile) {
    throw new ApiError(
      "validation_failed",
      "This character's profile (world.character) is missing or malformed, so it cannot talk; re-create or re-import it.",
      {
        errors: ["world.character: missing or malformed"],
      },
    );
  }
  return profile;
}
