import type { BatchStatus, ClipStatus } from "@/components/api/scenarios";
import type { BadgeTone } from "@/components/ui/badge";

/* How the Studio names the Scenario Studio's statuses and checks (the API's enums, in words). */

export const BATCH_STATUS: Record<BatchStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: "Waiting to start", tone: "neutral" },
  running: { label: "Running", tone: "accent" },
  completed: { label: "Finished", tone: "success" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  failed: { label: "Could not run", tone: "danger" },
};

export const CLIP_STATUS: Record<ClipStatus, { label: string; tone: BadgeTone; busy?: boolean }> = {
  queued: { label: "Waiting", tone: "neutral" },
  rendering: { label: "Painting", tone: "accent", busy: true },
  verifying: { label: "Checking", tone: "accent", busy: true },
  pending_review: { label: "Needs your review", tone: "warning" },
  accepted: { label: "Accepted", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

export const REVIEW_LABEL = { auto: "Automatic review", manual: "Manual review" } as const;

/** A check's name (`path`, `reach`, `visible:<label>`, `absent:<label>`, `subject`) in words. */
export function checkName(name: string): string {
  const [kind, ...rest] = name.split(":");
  const label = rest.join(":");
  switch (kind) {
    case "path":
      return "The walk can be taken";
    case "reach":
      return "Ends in the expected state";
    case "visible":
      return `Shows “${label}”`;
    case "absent":
      return `Does not show “${label}”`;
    case "subject":
      return "The same subject in every frame";
    default:
      return name;
  }
}

export const clipTitle = (clip: { index: number; customId: string | null }) =>
  `Clip ${clip.index + 1}${clip.customId ? ` · ${clip.customId}` : ""}`;
