// lib/sessions: runtime session tokens (docs/runtime.md).
export { getKeyring, previousSecrets, signingKeyOf } from "./keyring";
export type { Keyring, SigningKey } from "./keyring";
export {
  looksLikeJwt,
  newSessionId,
  peekAppId,
  SESSION_KINDS,
  signSessionToken,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  verifySessionToken,
} from "./token";
export type { SessionClaims, SessionKind, SignInput } from "./token";
export { assertSessionScope, chatPlayerOfSession } from "./credential";
export type { SessionCredential } from "./credential";
export { mintSessionToken } from "./mint";
export { SESSION_TTL_DEFAULT, SESSION_TTL_MAX, SESSION_TTL_MIN, ZMintSessionBody, ZPlayerId, ZUserRef } from "./requests";
export { isPlayerIdOf, looksLikePlayerId, newPlayerId } from "./player-id";
export type { MintSessionBody } from "./requests";
export { looksLikePublicSessionId, signPublicSessionId, verifyPublicSessionId } from "./public-id";
export { signPlayerId, verifyPlayerId } from "./player-id";
