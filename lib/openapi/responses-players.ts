import { z } from "zod";
import { CHAT_PLANS } from "@/lib/chat/metering";
import { MODES } from "@/lib/shared/caller";
import { body } from "./response-parts";

// The players' chat time (GET/PATCH /v1/players…, docs/runtime.md "Chat time"); beside
// responses.ts, spread into its RESPONSE_SCHEMAS.

export const ZPlayer = z.object({
  player: z.string().describe("a `userRef`, or an anonymous player id (`ply_…`)"),
  mode: z.enum(MODES).describe("the key's mode: accounts are per mode (live turns draw on them; test turns are never metered)"),
  plan: z.enum(CHAT_PLANS),
  month: z.iso.date().describe("the first day of the current UTC month"),
  monthSeconds: z.number().int().min(0).describe("seconds chatted this month, `free` characters included"),
  freeSecondsLeft: z.number().int().min(0).describe("what is left of the lifetime free taste (CHAT_FREE_SECONDS, 180 by default)"),
  planSecondsLeft: z
    .number()
    .int()
    .min(0)
    .describe("Plus: what is left of this month's allowance (CHAT_PLUS_SECONDS_PER_MONTH, 7200 by default); 0 on free"),
  creditSeconds: z.number().int().min(0).describe("the credit balance, drawn after the taste and Plus time"),
  secondsLeft: z.number().int().min(0).describe("all three: 0 means a talk turn answers 402"),
});

export const ZPlayerBody = body(ZPlayer.shape);
export const ZPlayerList = body({
  players: z.array(ZPlayer).describe("players with a chat account in the key's mode, in the order of their ids"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});

export const PLAYER_RESPONSE_SCHEMAS = { Player: ZPlayer, PlayerBody: ZPlayerBody, PlayerList: ZPlayerList };
