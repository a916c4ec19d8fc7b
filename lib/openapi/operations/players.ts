import { ZAddPlayerCreditBody, ZPlayerListQuery, ZPlayerParams, ZSetPlayerPlanBody } from "@/lib/chat/players";
import { operation } from "../operation";

const secretOnly = "a publishable key (players' chat time needs a secret key), or a key whose scopes do not include this route's";
const unknownPlayer = "`player` is an anonymous player id (`ply_…`) this app and mode never gave out";

export const listPlayers = operation({
  method: "GET",
  path: "/v1/players",
  tag: "Players",
  operationId: "listPlayers",
  summary: "List players",
  description:
    "The players of the key's app and mode with a chat account (one who talked to a live character, or whose plan or credit was set), in the order of their ids, each with its plan, this month's chat time and what is left. Secret keys only. Pass `nextCursor` back as `cursor` for the next page.",
  auth: "key",
  scope: "players:read",
  query: ZPlayerListQuery,
  responses: { 200: { description: "A page of players.", schema: "PlayerList" } },
  errors: { invalid_request: "`limit` outside 1..100, or a `cursor` this API did not return", forbidden: secretOnly },
});

export const getPlayer = operation({
  method: "GET",
  path: "/v1/players/{player}",
  tag: "Players",
  operationId: "getPlayer",
  summary: "Retrieve a player's chat time",
  description:
    "One player's plan, this month's chat time and credit. A player is a `userRef` (any value: one who never talked has the whole taste left) or an anonymous player id (`ply_…`) from a session token's or a talk turn's answer. Secret keys only.",
  auth: "key",
  scope: "players:read",
  params: ZPlayerParams,
  responses: { 200: { description: "The player.", schema: "PlayerBody" } },
  errors: { forbidden: secretOnly, not_found: unknownPlayer },
});

export const updatePlayer = operation({
  method: "PATCH",
  path: "/v1/players/{player}",
  tag: "Players",
  operationId: "updatePlayer",
  summary: "Set a player's plan",
  description:
    "`plus` adds this month's Plus allowance (2 hours by default) after the free taste; `free` leaves the taste and credit. Takes effect on the next talk turn. Secret keys only.",
  auth: "key",
  scope: "players:write",
  params: ZPlayerParams,
  body: ZSetPlayerPlanBody,
  responses: { 200: { description: "The player as it is now.", schema: "PlayerBody" } },
  errors: { forbidden: secretOnly, not_found: unknownPlayer },
});

export const addPlayerCredit = operation({
  method: "POST",
  path: "/v1/players/{player}/credit",
  tag: "Players",
  operationId: "addPlayerCredit",
  summary: "Add chat credit",
  description:
    "Adds `seconds` of chat credit (negative removes some; the balance never goes below 0), drawn after the free taste and Plus time. Send an `Idempotency-Key`: a retry of the same request then adds nothing more. Secret keys only.",
  auth: "key",
  scope: "players:write",
  idempotency: "player-credit",
  params: ZPlayerParams,
  body: ZAddPlayerCreditBody,
  responses: { 200: { description: "The player as it is now.", schema: "PlayerBody" } },
  errors: { forbidden: secretOnly, not_found: unknownPlayer },
});

/** In the order of the document. */
export const PLAYERS = [listPlayers, getPlayer, updatePlayer, addPlayerCredit];
