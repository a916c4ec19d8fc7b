// lib/runtime: what the embed player calls (docs/runtime.md): the runtime world, public worlds,
// heartbeats (session_seconds), a character's talk turns, speech, and the CORS / frame-ancestors policy of embedding origins.
export { appIdOfWorld, corsHeaders, embedCspFor, embedOriginsOf, forgetEmbedOrigins, frameAncestorsFor, preflight } from "./cors";
export { addToLedger, isBillable, utcDay } from "./ledger";
export type { BillingMetric, RuntimeSeconds } from "./ledger";
export { getPublicRuntimeWorld, getRuntimeWorld, PUBLIC_SESSION_TTL_SECONDS, recordHeartbeat, worldForSession } from "./play";
export { HEARTBEAT_MAX_SECONDS, ZHeartbeatBody, ZRuntimeWorldQuery, ZSlugParams } from "./requests";
export type { HeartbeatBody } from "./requests";
export { sayTurn, turnSeconds } from "./say";
export { startSessionOnce } from "./sessions";
export { speak, ZTtsBody } from "./tts";
export type { TtsBody } from "./tts";
export { playerCuesOf } from "./manifests";
export { bedsForTags, unknownNouns, KIND_BEDS, type KindOf, type NounKind } from "./soundscape";
export { sceneCuesOf, sceneCueOf, cameraMoveOf, subjectMotionOf, focusOf, layersOf } from "./scene-cues";
