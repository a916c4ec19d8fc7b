import type { Campaign, CampaignChapter } from "@/lib/db/generated/client";

/** A campaign as it is read for its resource: without the book and its bible, chapters without their text. */
export type CampaignWithChapters = Omit<Campaign, "text" | "bible"> & { chapters: Omit<CampaignChapter, "text">[] };

export const CAMPAIGN_STATUSES = ["authoring", "complete", "partial", "failed", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

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
    chapters: chapters.map((c) => ({
      index: c.index,
      title: c.title,
      summary: c.summary,
      worldId: c.status === "authored" ? c.worldId : null,
      status: c.status === "authored" ? ("authored" as const) : c === next ? ("authoring" as const) : ("pending" as const),
    })),
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    // Test keys get deterministic mocks (the mock author and painter), and say so.
    ...(campaign.mode === "test" ? { mock: true as const } : {}),
  };
}
