import { z } from "zod";
import { CAMPAIGN_STATUSES, CHAPTER_STATUSES } from "@/lib/campaigns/serialize";
import { MODES } from "@/lib/shared/caller";
import { body, ZTimestamp, ZUuid } from "./response-parts";

/* Campaign response schemas (docs/api.md "Campaigns"); named in RESPONSE_SCHEMAS like the rest. */

/** On a chapter world's World resource. */
export const ZCampaignLink = z.object({
  id: ZUuid.describe("the campaign"),
  chapter: z.number().int().min(1).describe("1-based chapter number"),
});

const ZCampaignJobId = z
  .string()
  .describe("the job authoring the campaign now (or last): a uuid, or `test_mock` for a test key's mock campaign");

export const ZCampaignChapter = z.object({
  index: z.number().int().min(1).describe("1-based story order"),
  title: z.string(),
  summary: z.string(),
  worldId: ZUuid.nullable().describe("the chapter's world; null until it is authored"),
  status: z.enum(CHAPTER_STATUSES).describe("`authoring` is the chapter the running job works on"),
});

export const ZCampaign = z.object({
  id: ZUuid,
  name: z.string().describe("the request's `name`, else the bible's title (\"\" until the bible is written)"),
  status: z.enum(CAMPAIGN_STATUSES),
  fidelity: z.enum(["faithful", "spirit"]),
  targetActs: z.number().int().min(2).max(12).nullable().describe("the request's guidance; null when omitted"),
  actsTotal: z.number().int().min(1).max(12).nullable().describe("the spine's act count; null until the spine is planned"),
  actsDone: z.number().int().min(0).describe("chapters authored so far"),
  subjectRef: z
    .object({ imageUrl: z.string(), descriptor: z.string().optional() })
    .nullable()
    .describe("the protagonist reference stamped on every chapter; null until chosen"),
  mode: z.enum(MODES),
  jobId: ZCampaignJobId.nullable(),
  chapters: z.array(ZCampaignChapter).describe("in story order; empty until the spine is planned"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  mock: z.literal(true).optional().describe("present and true only in test mode: the chapters are the mock author's and painter's"),
});

export const ZCampaignBody = body(ZCampaign.shape);
export const ZCampaignList = body({
  campaigns: z.array(ZCampaign).describe("newest first"),
  nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
});
/** POST /v1/campaigns and POST /v1/campaigns/{id}/resume. */
export const ZCampaignStarted = body({
  jobId: ZCampaignJobId,
  campaignId: ZUuid,
  mock: z.literal(true).optional().describe("present and true only for test keys (a deterministic mock campaign)"),
});

export const CAMPAIGN_RESPONSE_SCHEMAS = {
  CampaignLink: ZCampaignLink,
  CampaignChapter: ZCampaignChapter,
  Campaign: ZCampaign,
  CampaignBody: ZCampaignBody,
  CampaignList: ZCampaignList,
  CampaignStarted: ZCampaignStarted,
} satisfies Record<string, z.ZodType>;
