// lib/characters: characters (a world subtype: a stance graph and a brain). Their talk turns are
// a runtime call (lib/runtime/say.ts).
export { getCharacterOrThrow, profileOrThrow } from "./characters";
export { createCharacter } from "./create";
export { editCharacterGraph, updateCharacter } from "./edit";
export { authorProfile } from "./author";
export {
  buildCharacterWorld,
  chatCharacterOf,
  DEFAULT_CAMERA,
  DEFAULT_MOVEMENT,
  DEFAULT_STANCES,
  entranceStanceOf,
  PRIVATE_PROFILE_FIELDS,
  publicGraph,
  readProfile,
  ZCharacterProfile,
  ZStoredStance,
} from "./profile";
export type { CharacterProfile } from "./profile";
export { paintStancePictures, stancePaintInput } from "./pictures";
export type { StancePicture } from "./pictures";
export { getTranscript } from "./transcript";
export {
  MAX_STANCES,
  ZAffectInput,
  ZCreateCharacterBody,
  ZIntro,
  ZSayBody,
  ZStance,
  ZTranscriptQuery,
  ZUpdateCharacterBody,
} from "./requests";
export type { CreateCharacterBody, SayBody, TranscriptQuery } from "./requests";
export { findUserCharacter, mintStudioPreviewToken, studioUserRef } from "./studio";
