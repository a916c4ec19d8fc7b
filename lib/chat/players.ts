import { z } from "zod";
import { getDb } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import type { KeyKind } from "@/lib/keys/key-string";
import { isPlayerIdOf, looksLikePlayerId } from "@/lib/sessions/player-id";
import { pageOf } from "@/lib/paging";
import { getChatStatus, ZChatPlan, type ChatPlayer, type ChatStatus } from "./metering";

/**
 * The players an app's owner can see (GET /v1/players, the Studio's Players page): every player
 * with a chat account in the mode (one who chatted, or whose plan or credit was set), in the order
 * of their ids, a page at a time. `cursor` is opaque: the last player of the previous page.
 */
export const ZPlayerListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("1..100, default 20"),
  cursor: z.string().min(1).max(400).optional().describe("`nextCursor` of the previous page"),
  prefix: z.string().min(1).max(200).optional().describe("only players whose id starts with this"),
});
export type PlayerListQuery = z.infer<typeof ZPlayerListQuery>;

function decodeCursor(cursor: string): string {
  const player = Buffer.from(cursor, "base64url").toString("utf8");
  if (player === "" || Buffer.from(player, "utf8").toString("base64url") !== cursor)
    throw badRequest("cursor is not one this API returned.", ["cursor: invalid"]);
  return player;
}

export async function listChatPlayers(
  appId: string,
  mode: Mode,
  query: PlayerListQuery,
): Promise<{ players: ChatStatus[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const db = await getDb();
  // Text comparison in the C collation, the same on every database, so pages never overlap.
  const rows = await db.$queryRaw<{ user_ref: string }[]>`
    SELECT user_ref FROM chat_accounts
    WHERE app_id = ${appId}::uuid AND mode = ${mode}
      AND (${after}::text IS NULL OR user_ref COLLATE "C" > ${after}::text COLLATE "C")
      AND (${query.prefix ?? null}::text IS NULL OR starts_with(user_ref, ${query.prefix ?? null}::text))
    ORDER BY user_ref COLLATE "C" LIMIT ${query.limit + 1}`;
  const { page, nextCursor } = pageOf(rows, query.limit, (last) => Buffer.from(last.user_ref, "utf8").toString("base64url"));
  const now = new Date();
  const players = await Promise.all(page.map((row) => getChatStatus({ appId, mode, player: row.user_ref }, now)));
  return { players, nextCursor };
}

/** A player as the owner's routes name it: a `userRef`, or an anonymous player id (`ply_…`). */
export const ZPlayerParams = z.object({
  player: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\u0000]+$/, "must not contain NUL")
    .describe("a `userRef`, or an anonymous player id (`ply_…`)"),
});
export const ZSetPlayerPlanBody = z.strictObject({
  plan: ZChatPlan.describe("`plus`: this month's Plus allowance on top of the free taste; `free`: the taste and credit only"),
});
/** At most ten years of chat time in one change. */
export const MAX_CREDIT_CHANGE = 10 * 365 * 24 * 3600;
export const ZAddPlayerCreditBody = z.strictObject({
  seconds: z
    .number()
    .int()
    .min(-MAX_CREDIT_CHANGE)
    .max(MAX_CREDIT_CHANGE)
    .refine((s) => s !== 0, "must not be 0")
    .describe("seconds of chat time to add; negative removes (the balance never goes below 0)"),
});

/** The owner's credential: a secret key of the app (a publishable key never sees players). */
interface OwnerCaller {
  appId: string;
  mode: Mode;
  kind: KeyKind;
}

/**
 * Whose account a route names. A `ply_…` id must be one this app and mode gave out (else 404,
 * as any unknown id); any other value is the developer's own `userRef`, known or not (a player
 * who never chatted has the whole taste left).
 */
export function chatPlayerOf(caller: OwnerCaller, player: string): ChatPlayer {
  if (caller.kind !== "secret") throw forbidden("Players' chat time needs a secret key (sk_…).");
  if (looksLikePlayerId(player) && !isPlayerIdOf(player, caller.appId, caller.mode)) throw notFound("Player");
  return { appId: caller.appId, mode: caller.mode, player };
}

export function listPlayers(caller: OwnerCaller, query: PlayerListQuery) {
  if (caller.kind !== "secret") throw forbidden("Players' chat time needs a secret key (sk_…).");
  return listChatPlayers(caller.appId, caller.mode, query);
}
