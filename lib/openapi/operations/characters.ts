import { ZCreateCharacterBody, ZSayBody, ZTranscriptQuery, ZUpdateCharacterBody } from "@/lib/characters/requests";
import { ZIdParams } from "@/lib/shared/params";
import { operation } from "../operation";
import { importBodyLimit, resourceNotModified, revMismatch } from "./common";

export const createCharacter = operation({
  method: "POST",
  path: "/v1/characters",
  tag: "Characters",
  operationId: "createCharacter",
  summary: "Create a character",
  description: [
    "Three modes, selected by the body. IMPORT: `world` is a complete character world (`world.scene` plus `world.character` with its `stances`, each one a state), schema-checked, gated and stored verbatim; only `name` may override it. AUTHORED (`authored: true` with `premise`, `frame_b64` or `frame_url`): the profile and stances are invented (procedurally, deterministically), explicit fields override them. EXPLICIT: the fields, `name` and `persona` required.",
    "Defaults: `stances` a six-stance palette, `entranceState` the first stance, `cameraDynamic` = `cameraStatic`, `movementDynamic` = `movementStatic`, `cover` the frame, else the entrance stance's picture. The graph has one state per stance and a transition between every two. Reserves one `generation` of daily quota. Test keys: `mock: true`, private, no slug. `Idempotency-Key` makes retries safe: a replay paints and charges nothing again.",
    "Stance pictures (AUTHORED and EXPLICIT): every stance is painted, the same character (the subject lock; a frame the character is authored from is its `subjectRef` and the painters draw after it) with the stance's `expression` and `mood` in face, pose and light, framed by `cameraStatic`; each picture is its state's `image` (`/assets/<sha256>.png`) and one `seed_frame` of daily quota, all reserved before painting (402 when they do not all fit, nothing created) and given back if anything fails. Test keys get deterministic mock pictures. A live character authored from a frame is read from what the frame shows (vision's describe). IMPORT stores the world as sent, pictures and all, and paints nothing.",
  ].join("\n\n"),
  auth: "key",
  scope: "characters:write",
  idempotency: "character",
  body: ZCreateCharacterBody,
  bodyLimit: importBodyLimit,
  responses: { 201: { description: "Created.", schema: "CharacterCreated" } },
  errors: {
    invalid_request: "a malformed body or a rule of the three modes broken (see `errors`)",
    quota_exceeded:
      "the app's daily `generation` quota is used up, or its `seed_frame` quota cannot take one picture per stance (`kind` says which)",
    validation_failed: "the imported world failed the schema, the gate (`diagnostics`) or is not a character world (`errors`)",
    upstream_failed: "`frame_b64` could not be hosted, or a stance picture could not be painted; nothing was created or charged",
  },
});

export const getCharacter = operation({
  method: "GET",
  path: "/v1/characters/{id}",
  tag: "Characters",
  operationId: "getCharacter",
  summary: "Retrieve a character",
  description:
    "The World resource of a character (`kind: character`): metadata at the top, the stance graph under `world`, the profile at `world.character`. Each stance's picture is its state's `image.src` (`world.scene.states[<stance id>].image`). `ETag` is the `rev`.",
  auth: "key",
  scope: "characters:read",
  params: ZIdParams,
  headers: ["If-None-Match"],
  responses: { 200: { description: "The character.", schema: "CharacterResource", headers: ["ETag"] }, 304: resourceNotModified },
  errors: { not_found: "no character with this id in the key's app and mode" },
});

export const updateCharacter = operation({
  method: "PATCH",
  path: "/v1/characters/{id}",
  tag: "Characters",
  operationId: "updateCharacter",
  summary: "Edit a character's brain and stances",
  description: [
    "Changes the brain (`persona`, `lore`, `greeting`, `examples`, `scene`, `style`, `subject`, `speakingDetail`, `voiceId`, `modelId`, `free`, `intro`) and the stance palette (`stances`, `entranceState`); what is left out stays, and `voiceId` / `modelId` take `null` to go back to the server's default. The next talk turn uses the new brain.",
    "`stances` replaces the whole palette: a stance whose id is already a state keeps it (its picture too) and its label and mood follow; a new stance gets a state; a dropped one loses its state and its events; the transitions between stances are rebuilt, one per pair. `If-Match` / `expectedRev` as on every graph write. Not metered, except that a stance the palette adds is painted like a created character's (its state's `image`): one `seed_frame` each, reserved before painting and given back if the edit is not saved. A kept stance keeps its picture even when its expression changes. The name, cover and visibility are `PATCH /v1/worlds/{id}`'s.",
  ].join("\n\n"),
  auth: "key",
  scope: "characters:write",
  params: ZIdParams,
  body: ZUpdateCharacterBody,
  headers: ["If-Match"],
  responses: { 200: { description: "The updated character.", schema: "CharacterResource", headers: ["ETag"] } },
  errors: {
    invalid_request:
      "a malformed body (see `errors`): an empty persona, duplicate stance ids, an `entranceState` that is not a stance, or `If-Match` and `expectedRev` disagreeing",
    not_found: "no character with this id in the key's app and mode (a plain world too)",
    quota_exceeded: "the app's daily `seed_frame` quota cannot take a picture for every stance the palette adds; nothing is saved",
    upstream_failed: "an added stance's picture could not be painted; nothing is saved or charged",
    ...revMismatch,
    validation_failed: "the stored profile is broken, or the edited graph fails the gate (`diagnostics`); nothing is saved",
  },
});

export const sayToCharacter = operation({
  method: "POST",
  path: "/v1/characters/{id}/say",
  tag: "Characters",
  operationId: "sayToCharacter",
  summary: "One talk turn",
  description: [
    "Called from the embed's browser with the character's session token (bearer or `token` body field). The persona, lore and stance palette are loaded server-side; the client sends `text` and, optionally, `currentStance`, `history`, `affect` and `memory`. The answer is a Character turn; both sides are stored in the transcript.",
    "Metered as one `say` of daily quota, and in live mode as chat time of the end user (`userRef`, else the session): the wall time since the session's previous turn, 5..60 s per turn, drawn from a 3-minute free taste, then 2 hours a month on Plus, then credit; with none left, 402 with `chat`. Test tokens get a canned, deterministic turn (`mock: true`), no model call, no chat time.",
  ].join("\n\n"),
  auth: "session",
  idempotency: "say",
  params: ZIdParams,
  body: ZSayBody,
  cors: true,
  tokenInBody: true,
  responses: { 200: { description: "The character's turn.", schema: "CharacterTurn" } },
  errors: {
    unauthorized: "no valid session token, an API key, or a token of another character, app or mode",
    invalid_request: "a malformed body, or two different tokens (header and body)",
    not_found: "the character was deleted",
    quota_exceeded: "the end user's chat time is used up (`chat`), or the app's daily `say` quota",
    validation_failed: "the character's stored profile is broken",
    upstream_failed: "the character's brain (the chat provider) failed; nothing was charged",
  },
});

export const getCharacterTranscript = operation({
  method: "GET",
  path: "/v1/characters/{id}/transcript",
  tag: "Characters",
  operationId: "getCharacterTranscript",
  summary: "A player's chat history",
  description:
    "Every stored turn of one player with the character, both sides, oldest first: by `userRef` (all their sessions) or by `sessionId`. Secret keys only. Pass `nextCursor` back as `cursor` for the next page.",
  auth: "key",
  scope: "characters:read",
  params: ZIdParams,
  query: ZTranscriptQuery,
  responses: { 200: { description: "The turns.", schema: "Transcript" } },
  errors: {
    invalid_request: "neither `userRef` nor `sessionId`, `limit` outside 1..1000, or a malformed `cursor`",
    forbidden: "a publishable key, or a key whose scopes do not include `characters:read`",
    not_found: "no character with this id in the key's app and mode",
  },
});

/** In the order of the document. */
export const CHARACTERS = [createCharacter, getCharacter, updateCharacter, sayToCharacter, getCharacterTranscript];
