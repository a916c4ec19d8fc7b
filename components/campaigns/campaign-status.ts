import type { CampaignStatus } from "@/components/api/types";
import type { BadgeTone } from "@/components/ui/badge";

/** How the Studio names a campaign's status (the API's `status`) and colours it. */
export const CAMPAIGN_STATUS: Record<CampaignStatus, { label: string; tone: BadgeTone }> = {
  authoring: { label: "Authoring", tone: "accent" },
  complete: { label: "Complete", tone: "success" },
  partial: { label: "Stopped", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

/** "3 of 4 chapters" (or "Planning chapters" before the spine exists). */
export function chaptersLine(actsDone: number, actsTotal: number | null): string {
  if (actsTotal === null) return "Planning chapters";
  return actsDone === actsTotal ? `${actsTotal} chapters` : `${actsDone} of ${actsTotal} chapters`;
}

/** The error of a job stopped by the daily quota (`quota_exceeded: …`). */
export const isQuotaStop = (error: string | null | undefined) => typeof error === "string" && error.startsWith("quota_exceeded");
