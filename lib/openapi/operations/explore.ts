import { ZIdParams } from "@/lib/shared/params";
import { ZExploreQuery, ZLikeBody, ZLikeLookupBody } from "@/lib/explore/requests";
import { operation } from "../operation";

/** What Explore's list sends as `Cache-Control` (docs/explore.md "Caching"). */
export const EXPLORE_CACHE_CONTROL = "public, max-age=10, stale-while-revalidate=50";

const likeErrors = {
  invalid_request: "neither a `playerId` nor a session `token` with a `userRef`, or a malformed body",
  unauthorized: "a `playerId` this server did not issue, or a session token that is invalid, expired or scoped to another world",
  not_found: "no live public or unlisted world or character has this id (test-mode and private ones are never found)",
  rate_limited: "too many likes from this player or this client address; `Retry-After` says when to try again",
} as const;

export const listExplore = operation({
  method: "GET",
  path: "/v1/explore",
  tag: "Explore",
  operationId: "listExplore",
  summary: "Discover public worlds",
  description: [
    "Live public worlds and characters, for anyone: no credential is needed, and any key (of any app or mode) gets the same answer. Test-mode, private and unlisted worlds never appear.",
    "`q` keeps those whose name or description has a word starting with each of its words (letters and digits only; up to 8 words). `sort`: `new` (newest first, the default), `plays` (`sessionCount`) or `likes` (`likeCount`), ties broken by id. Pass `nextCursor` back as `cursor` with the same `sort` for the next page. Counts move while a player pages: a world whose count moves past the cursor may be skipped or shown twice on a `plays` or `likes` walk.",
    `Cached by browsers and shared caches for 10 s and served stale while revalidating for 50 s more (\`Cache-Control: ${EXPLORE_CACHE_CONTROL}\`): a new world or a like shows within a minute.`,
  ].join("\n\n"),
  auth: "none",
  query: ZExploreQuery,
  responses: { 200: { description: "A page of Explore.", schema: "ExploreList" } },
  errors: { invalid_request: "`limit` outside 1..50, an unknown `sort` or `kind`, or a `cursor` this API did not return for this `sort`" },
});

export const createPlayerId = operation({
  method: "POST",
  path: "/v1/players",
  tag: "Explore",
  operationId: "createPlayerId",
  summary: "Get an anonymous player id",
  description:
    "A signed anonymous player id (`ply_…`) for a browser that likes without an account: the play page and Explore keep it (localStorage) and send it with every like, so that a player likes a world once. It does not expire. No credential; limited per client address (PLAYER_IDS_PER_HOUR_PER_ADDRESS).",
  auth: "none",
  bodyOptional: true,
  responses: { 201: { description: "The new player id.", schema: "PlayerId" } },
  errors: { rate_limited: "too many new player ids from this client address" },
});

export const likeWorld = operation({
  method: "PUT",
  path: "/v1/likes/{id}",
  tag: "Explore",
  operationId: "likeWorld",
  summary: "Like a world or character",
  description: [
    "The player likes a live public or unlisted world or character, once: a second like by the same player changes nothing (`changed: false`). The world's `likeCount` moves in the same statement as the like, so it equals the number of players who like it however many requests race.",
    "The player is a session `token` of this very world minted with a `userRef` (the app's end user), else an anonymous `playerId` from POST /v1/players. No API key needed. Limited per player (LIKES_PER_MINUTE_PER_PLAYER) and per client address (LIKES_PER_MINUTE_PER_ADDRESS).",
  ].join("\n\n"),
  auth: "none",
  params: ZIdParams,
  body: ZLikeBody,
  responses: { 200: { description: "The like and the new count.", schema: "Like" } },
  errors: likeErrors,
});

export const unlikeWorld = operation({
  method: "DELETE",
  path: "/v1/likes/{id}",
  tag: "Explore",
  operationId: "unlikeWorld",
  summary: "Take a like back",
  description:
    "The player's like is taken back and `likeCount` moves down by one, in one statement; a player who does not like it changes nothing (`changed: false`). The body names the player as for a like.",
  auth: "none",
  params: ZIdParams,
  body: ZLikeBody,
  responses: { 200: { description: "No like and the new count.", schema: "Like" } },
  errors: likeErrors,
});

export const lookupLikes = operation({
  method: "POST",
  path: "/v1/likes/lookup",
  tag: "Explore",
  operationId: "lookupLikes",
  summary: "Which worlds a player likes",
  description: "Of up to 100 ids, those the player likes (what like buttons show). With a session `token`, ask about its own world only.",
  auth: "none",
  body: ZLikeLookupBody,
  responses: { 200: { description: "The liked ids.", schema: "LikeLookup" } },
  errors: { invalid_request: likeErrors.invalid_request, unauthorized: likeErrors.unauthorized },
});

/** In the order of the document. */
export const EXPLORE = [listExplore, createPlayerId, likeWorld, unlikeWorld, lookupLikes];
