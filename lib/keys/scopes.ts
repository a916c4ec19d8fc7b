import { z } from "zod";

/**
 * Optional restrictions on a key. A key with no scopes may do everything its kind allows;
 * a key with scopes may call only the routes that declare one of them.
 */
export const SCOPES = [
  "worlds:read",
  "worlds:write",
  "characters:read",
  "characters:write",
  "campaigns:write",
  "sessions:write",
  "usage:read",
  "players:read",
  "players:write",
  "media:write",
  "scenarios:read",
  "scenarios:write",
  "vision:write",
] as const;

export const ZScope = z.enum(SCOPES);
export type Scope = z.infer<typeof ZScope>;
