import { z } from "zod";
import { EXPLORE_SORTS } from "@/lib/explore/requests";
import { BEDS, CAMERA_MOVES } from "@/lib/shared/scene-cues";
import { body, ZTimestamp, ZUuid } from "./response-parts";

// The response bodies of Explore and likes (docs/explore.md); beside responses.ts, spread into
// its RESPONSE_SCHEMAS.

export const ZExploreEntry = z.object({
  id: ZUuid,
  kind: z.enum(["world", "character"]),
  name: z.string(),
  description: z.string(),
  cover: z.string().describe("cover image URL; empty when the world has none"),
  sessionCount: z.number().int().min(0).describe("lifetime plays (session connects)"),
  likeCount: z.number().int().min(0).describe("lifetime likes"),
  createdAt: ZTimestamp,
  playUrl: z.url().describe("the public play page `<base>/play/<slug>`"),
});

export const ZExploreList = body({
  entries: z.array(ZExploreEntry).describe(`in the order asked (${EXPLORE_SORTS.join(", ")}), ties by id`),
  nextCursor: z.string().nullable().describe("pass as `cursor` (with the same `sort`) for the next page; null on the last"),
});

export const ZPlayerId = body({ playerId: z.string().describe("an anonymous player id (`ply_…`): keep it, and send it with every like") });

export const ZLike = body({
  id: ZUuid,
  liked: z.boolean().describe("whether this player likes it now"),
  likeCount: z.number().int().min(0).describe("the world's like count after this request"),
  changed: z.boolean().describe("false when the player already liked it (a like) or did not (an unlike): nothing moved"),
});

export const ZLikeLookup = body({ liked: z.array(ZUuid).describe("the asked ids this player likes") });

export const EXPLORE_RESPONSE_SCHEMAS = {
  ExploreEntry: ZExploreEntry,
  ExploreList: ZExploreList,
  PlayerId: ZPlayerId,
  Like: ZLike,
  LikeLookup: ZLikeLookup,
};

const ZCueBox = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().min(0).max(1), h: z.number().min(0).max(1) })
  .describe("normalised 0..1 of the frame");

/** GET /v1/runtime/world and /v1/runtime/public/{slug}: how the player moves and sounds each state (docs/runtime.md). */
export const ZSceneCues = z
  .record(
    z.string(),
    z.object({
      camera: z
        .object({ move: z.enum(CAMERA_MOVES), direction: z.union([z.literal(1), z.literal(-1)]) })
        .describe("the slow camera move read from `camera.dynamic`"),
      subject: z
        .object({ motion: z.enum(["idle", "walk"]), box: ZCueBox.nullable() })
        .describe("the protagonist's motion read from `movement`, and where the painter drew it"),
      focus: ZCueBox.nullable().describe(
        "what a narrow frame keeps in view (the protagonist and named things beside it); null without a scene manifest",
      ),
      layers: z
        .array(z.object({ box: ZCueBox, depth: z.number().min(0).max(1) }))
        .describe("things drawn nearer than the background (parallax layers), farthest first"),
      beds: z
        .array(z.object({ bed: z.enum(BEDS), gain: z.number().min(0).max(1) }))
        .describe("ambient beds synthesised from `ambient` (and the frame's weather), loudest first; empty is silence"),
    }),
  )
  .describe("by state id: the cues the player moves and sounds each state with");
