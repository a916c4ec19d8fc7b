import { z } from "zod";

/** Explore's orders: newest first, most played (`sessionCount`), most liked (`likeCount`). */
export const EXPLORE_SORTS = ["new", "plays", "likes"] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];

/** At most this many words of a search are used; each matches a word of the name or description that starts with it. */
export const SEARCH_MAX_WORDS = 8;

export const ZExploreQuery = z.strictObject({
  q: z.string().trim().max(200).optional().describe("words to find in the name or description; each must match the start of a word"),
  sort: z.enum(EXPLORE_SORTS).default("new"),
  kind: z.enum(["world", "character"]).optional().describe("only worlds or only characters; both when omitted"),
  limit: z.coerce.number().int().min(1).max(50).default(24),
  cursor: z.string().min(1).max(300).optional(),
});
export type ExploreQuery = z.infer<typeof ZExploreQuery>;

/**
 * Who likes: a signed anonymous player id (`playerId`, from POST /v1/players) or a session token
 * of the liked world whose end user (`userRef`) is known (`token`). One of the two.
 */
export const ZLikeBody = z.strictObject({
  playerId: z.string().min(1).max(100).optional().describe("an anonymous player id from POST /v1/players"),
  token: z.string().min(1).max(4096).optional().describe("a session token of this world or character minted with a `userRef`"),
});
export type LikeBody = z.infer<typeof ZLikeBody>;

export const ZLikeLookupBody = ZLikeBody.extend({
  ids: z.array(z.uuid()).min(1).max(100).describe("worlds or characters to ask about"),
});
