import type { SuccessResponse } from "../operation";

/* Error descriptions and 304 responses that several tags' operations share. */

export const notFoundWorld = { not_found: "no world with this id in the key's app and mode" } as const;
export const revMismatch = {
  rev_mismatch: "`If-Match` / `expectedRev` is not the world's current rev; the body carries `currentRev`",
} as const;
export const ifMatchConflict = { invalid_request: "the body is invalid, or `If-Match` and `expectedRev` disagree" } as const;
/** Projections and the runtime world: everything in the body is a function of the rev. */
export const notModified: SuccessResponse = {
  description: "`If-None-Match` names the current rev; nothing in the body changes without it.",
};
/** The World resource: its counters and `updatedAt` move without a new rev. */
export const resourceNotModified: SuccessResponse = {
  description:
    "`If-None-Match` names the current rev and nothing the resource shows has changed since that rev was written. Once `sessionCount`, `likeCount` or `updatedAt` move without a new rev (a session counted, a version taken), every GET is a full 200 until the next write gives a new rev.",
};
