import { IMPORT_ENVELOPE_BYTES, importBodyBytes } from "@/lib/worlds/worlds";
import type { BodyLimit, SuccessResponse } from "../operation";

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

/** `16 KB`, `4 MB`: a byte count as the reference says it. */
export function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A fixed body limit; the 413 says its size. */
export function fixedBodyLimit(bytes: number): BodyLimit {
  return { bytes, text: byteSize(bytes) };
}

/** Requests that carry a world to import: the import size limit, with room for the rest of the body. */
export const importBodyLimit: BodyLimit = {
  bytes: importBodyBytes,
  text: `the server's \`IMPORT_MAX_BYTES\` (the import size limit) and ${byteSize(IMPORT_ENVELOPE_BYTES)} for the rest of the body`,
};
