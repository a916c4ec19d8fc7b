import type { Campaign, CampaignChapter } from "@/lib/db/generated/client";

/** A campaign as it is read for its resource: without the book and its bible, chapters without their text. */
export type CampaignWithChapters = Omit<Campaign, "text" | "bible"> & { chapters: Omit<CampaignChapter, "text">[] };

/**
 * A campaign's statuses, declared once: the response schema (lib/openapi/campaign-responses.ts),
 * the Studio's types (through the schema) and the `campaigns.status` column hold these.
 */
export const CAMPAIGN_STATUSES = ["authoring", "complete", "partial", "failed", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** A chapter's status on the resource: `authoring` is the chapter the running job works on. */
export const CHAPTER_STATUSES = ["pending", "authoring", "authored"] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];
/** A chapter as the resource and the Studio's cards show it. */
export type ChapterView = ReturnType<typeof serializeCampaign>["chapters"][number];

function subjectRefOf(value: unknown): { imageUrl: string; descriptor?: string } | null {
  if (!value || typeof value !== "object") return null;
  const ref = value as { imageUrl?: unknown; descriptor?: unknown };
  if (typeof ref.imageUrl !== "string") return null;
  return { imageUrl: ref.imageUrl, ...(typeof ref.descriptor === "string" ? { descriptor: ref.descriptor } : {}) };
}

/** The campaign resource (docs/api.md "Campaigns"). */
export function serializeCampaign(campaign: CampaignWithChapters) {
  const chapters = [...campaign.chapters].sort((a, b) => a.index - b.index);
  const next = campaign.status === "authoring" ? chapters.find((c) => c.status !== "authored") : undefined;
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status as CampaignStatus,
    fidelity: campaign.fidelity as "faithful" | "spirit",
    targetActs: campaign.targetActs,
    actsTotal: chapters.length > 0 ? chapters.length : null,
    actsDone: chapters.filter((c) => c.status === "authored").length,
    subjectRef: subjectRefOf(campaign.subjectRef),
    mode: campaign.mode as "test" | "live",
    jobId: campaign.jobId,
    chapters: chapters.map((c) => {
      const status: ChapterStatus = c.status === "authored" ? "authored" : c === next ? "authoring" : "pending";
      return { index: c.index, title: c.title, summary: c.summary, worldId: c.status === "authored" ? c.worldId : null, status };
    }),
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    // Test keys get deterministic mocks (the mock author and painter), and say so.
    ...(campaign.mode === "test" ? { mock: true as const } : {}),
  };
}
