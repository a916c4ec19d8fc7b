import { z } from "zod";
import { ZRequirePlaytests } from "@/lib/worlds/requests";

export const MAX_INSTRUCTION_CHARS = 2000;

/** POST /v1/worlds/{id}/edit (docs/api.md "Natural-language edit"). */
export const ZEditBody = z.strictObject({
  instruction: z
    .string()
    .trim()
    .min(1)
    .max(MAX_INSTRUCTION_CHARS)
    .describe("what to change, in plain language (docs/edit.md has the offline grammar)"),
  expectedRev: z.string().min(1).optional(),
  dryRun: z.boolean().optional().describe("answer the ops and the graph they would make; nothing persists"),
  requirePlaytests: ZRequirePlaytests,
});
export type EditBody = z.infer<typeof ZEditBody>;
