import { z } from "zod";
import { SCHEMA_VERSION } from "@/lib/reply";

/* The pieces every response schema file builds on (responses.ts, campaign-responses.ts). */

export const ZSchemaVersion = z.literal(SCHEMA_VERSION).describe("the contract version of this body");
export const ZTimestamp = z.iso.datetime().describe("ISO-8601 date-time (UTC)");
export const ZUuid = z.uuid();
export const ZRev = z.string().min(1).describe("concurrency token of the graph; also the `ETag` header");

/** Adds the wrapper's `schemaVersion` to a body shape. */
export function body<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, schemaVersion: ZSchemaVersion });
}
