import { ZHeartbeatBody, ZRuntimeWorldQuery, ZSlugParams } from "@/lib/runtime/requests";
import { ZTtsBody } from "@/lib/runtime/tts";
import { ZMintSessionBody } from "@/lib/sessions/requests";
import { operation } from "../operation";
import { fixedBodyLimit, notModified } from "./common";

export const createSessionToken = operation({
  method: "POST",
  path: "/v1/sessions/token",
  tag: "Runtime",
  operationId: "createSessionToken",
  summary: "Mint a session token",
  description: [
    "A short-lived runtime session token for one world (`worldId`) or one character (`characterId`) of the key's app and mode, for an end user's browser (the embed player, talk turns). Secret keys only; a test key mints a test token.",
    "The token is a JWT (HS256, with a `kid` header naming the signing key) whose claims are `sub` (the world or character), `kind`, `appId`, `mode`, `userRef`, `sid` (the session id, also returned as `sessionId`), `iat` and `exp`. `ttlSeconds` is 60..3600 (default 900). Expired, tampered or wrongly scoped tokens are refused with 401 wherever they are presented.",
  ].join("\n\n"),
  auth: "key",
  scope: "sessions:write",
  body: ZMintSessionBody,
  responses: { 200: { description: "The token.", schema: "SessionToken" } },
  errors: {
    not_found: "no world (or character) with this id in the key's app and mode",
    forbidden: "a publishable key, or a key whose scopes do not include `sessions:write`",
  },
});

export const getRuntimeWorld = operation({
  method: "GET",
  path: "/v1/runtime/world",
  tag: "Runtime",
  operationId: "getRuntimeWorld",
  summary: "The session's world",
  description:
    "What the embed player boots from: the session token's world (or character, without its brain's private fields), its name, mode, `rev` and the `sessionId` to send heartbeats with. The whole graph is returned, states' `camera` and `movement` included: they are directions for a renderer, which the embed player itself never shows to players. CORS: answered for the app's embedding origins only.\n\nA campaign's chapters share one session: with `worldId`, a token minted for one chapter world reads any other chapter world of the same campaign (an anonymous token of a public chapter: its public chapters only), so the player's \"Next chapter\" goes on in the same session; heartbeats stay with the token's `sessionId`.",
  auth: "session",
  cors: true,
  query: ZRuntimeWorldQuery,
  headers: ["If-None-Match"],
  responses: { 200: { description: "The world.", schema: "RuntimeWorld", headers: ["ETag"] }, 304: notModified },
  errors: {
    invalid_request: "`worldId` is not a uuid",
    unauthorized: "no valid session token, or `worldId` names a world outside the token's campaign (or the token's world is no chapter)",
    not_found: "the token's world was deleted, or `worldId` is a chapter of its campaign not authored yet",
  },
});

export const getPublicRuntimeWorld = operation({
  method: "GET",
  path: "/v1/runtime/public/{slug}",
  tag: "Runtime",
  operationId: "getPublicRuntimeWorld",
  summary: "A public world by slug",
  description:
    "A public live world (or character) for an anonymous player, without a credential: the runtime view plus a public session id (`sessionId`, `pub_…`, which authenticates heartbeats on its own) and a session token of the same session (`token`, for talk turns), valid for an hour. Private, unlisted and test worlds are 404. Each answer mints a new session, so this route never answers 304 (`If-None-Match` is ignored).",
  auth: "none",
  cors: true,
  params: ZSlugParams,
  responses: { 200: { description: "The world and its anonymous session.", schema: "RuntimeWorld", headers: ["ETag"] } },
  errors: { not_found: "no public live world has this slug" },
});

export const sendHeartbeat = operation({
  method: "POST",
  path: "/v1/runtime/heartbeat",
  tag: "Runtime",
  operationId: "sendHeartbeat",
  summary: "Record play time",
  description: [
    "The embed player's heartbeat: `seconds` of play since the previous one. Authenticated by the session token (bearer or `token` body field), or by a public session id alone in `sessionId`.",
    "The session's first heartbeat starts it and counts the world's lifetime `sessionCount` exactly once. At most 60 s are credited per heartbeat, and a session's total never exceeds the wall time since its token was minted. Credited seconds are metered per world, and billed as `session_seconds` only in live mode while the server's `BILLING_ENABLED` is on (`billed`); test usage is never billed.",
  ].join("\n\n"),
  auth: "session",
  body: ZHeartbeatBody,
  cors: true,
  tokenInBody: true,
  // A heartbeat is a few dozen bytes; the body is read before the credential.
  bodyLimit: fixedBodyLimit(16 * 1024),
  responses: { 200: { description: "What was credited.", schema: "Heartbeat" } },
  errors: {
    unauthorized: "no valid session token or public session id, or `sessionId` is not the token's session",
    not_found: "the session's world was deleted",
  },
});

export const createSpeech = operation({
  method: "POST",
  path: "/v1/tts",
  tag: "Runtime",
  operationId: "createSpeech",
  summary: "Speak a line",
  description:
    "Speech for `text`, inline (`audioBase64`) and hosted (`url`), metered as `tts` (given back if speaking fails). A secret key may pick any `voiceId`; a character's session token (bearer or `token` body field) speaks with that character's voice. Test mode: a deterministic short WAV, `mock: true`. Without a speech model configured, the `local` voice (eSpeak NG, offline) speaks.",
  auth: "keyOrSession",
  scope: "media:write",
  idempotency: "tts",
  body: ZTtsBody,
  cors: true,
  tokenInBody: true,
  // At most 2000 characters of text; the body is read before the credential.
  bodyLimit: fixedBodyLimit(32 * 1024),
  responses: { 200: { description: "The audio.", schema: "Speech" } },
  errors: {
    invalid_request: "a malformed body, or a `voiceId` other than the character's with a session token",
    unauthorized: "no valid secret key or session token, or a world's session token",
    quota_exceeded: "the app's daily `tts` quota is used up",
    upstream_failed: "the speech provider failed; nothing was charged",
  },
});

/** In the order of the document. */
export const RUNTIME = [createSessionToken, getRuntimeWorld, getPublicRuntimeWorld, sendHeartbeat, createSpeech];
