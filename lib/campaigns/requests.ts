import { z } from "zod";
import { ZSubjectRefInput } from "@/lib/worlds/requests";
import { ZListQuery } from "@/lib/worlds/requests";

/** The cap on a campaign's book text (docs/api.md "Campaigns"). */
export const BOOK_MAX = 200_000;
export const MIN_ACTS = 2;
export const MAX_ACTS = 12;

export const FIDELITIES = ["faithful", "spirit"] as const;
export type Fidelity = (typeof FIDELITIES)[number];

/** POST /v1/campaigns (docs/api.md "Campaigns"). */
export const ZCreateCampaignBody = z.strictObject({
  text: z
    .string()
    .max(BOOK_MAX, `must be at most ${BOOK_MAX} characters`)
    .refine((text) => text.trim().length > 0, "must not be empty or whitespace only")
    .describe(`the book, at most ${BOOK_MAX} characters`),
  name: z.string().trim().min(1).max(200).optional().describe("defaults to a title distilled from the book's bible"),
  fidelity: z
    .enum(FIDELITIES)
    .optional()
    .describe("`faithful` (default) hews to the book's events and settings; `spirit` keeps tone and premise and invents"),
  target_acts: z
    .number()
    .int()
    .min(MIN_ACTS)
    .max(MAX_ACTS)
    .optional()
    .describe(`guidance for the spine's act count, ${MIN_ACTS}..${MAX_ACTS}; omitted, the spine picks`),
  subject_ref: ZSubjectRefInput.optional().describe(
    "the protagonist reference carried into every chapter; omitted, one is painted from the bible",
  ),
});
export type CreateCampaignBody = z.infer<typeof ZCreateCampaignBody>;

export const ZCampaignParams = z.object({ id: z.uuid() });
export const ZCampaignListQuery = ZListQuery;
