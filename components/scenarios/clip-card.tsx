"use client";

import type { Clip } from "@/components/api/scenarios";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { BanIcon, CheckIcon, ImageIcon, XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { checkName, CLIP_STATUS, clipTitle } from "./scenario-words";

interface ClipCardProps {
  clip: Clip;
  mode: "live" | "test";
  /** Accept / reject, when the batch is reviewed by hand. */
  onReview?: (verdict: "accept" | "reject") => void;
  reviewing?: "accept" | "reject" | null;
}

/** One clip of a batch: its animated preview, status, checks, and the verdict buttons while it waits for review. */
export function ClipCard({ clip, mode, onReview, reviewing = null }: ClipCardProps) {
  const status = CLIP_STATUS[clip.status];
  const title = clipTitle(clip);
  return (
    <li
      data-testid="clip-card"
      data-status={clip.status}
      aria-label={title}
      className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-xs"
    >
      <div className="relative aspect-video bg-subtle">
        {clip.preview ? (
          // An animated GIF: next/image would re-encode it into a still.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={clip.preview} alt={`Animated preview of ${title}`} className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="grid size-full place-items-center text-[13px] text-fg-muted">
            <span className="flex items-center gap-2">
              {status.busy ? <Spinner className="text-accent-text" /> : clip.status === "queued" ? null : <ImageIcon className="size-4" />}
              {status.busy ? `${status.label}…` : clip.status === "queued" ? "Waiting its turn" : "No preview"}
            </span>
          </div>
        )}
        {clip.frames.length > 0 ? (
          <span className="absolute right-2 bottom-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white">
            {clip.frames.length} frames
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3.5">
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={status.tone} dot={status.busy}>
              {status.label}
            </Badge>
            <Badge tone="neutral">{clip.kind === "variation" ? "Variation" : "What if"}</Badge>
            {clip.charged ? (
              <Badge tone="accent">Charged</Badge>
            ) : clip.status === "accepted" && mode === "test" ? (
              <span className="text-[11px] text-fg-subtle">Test mode: not charged</span>
            ) : null}
          </div>
          <h4 className="line-clamp-2 text-[13px] font-medium text-fg" title={title}>
            {title}
          </h4>
          {clip.states.length > 0 ? <p className="truncate font-mono text-[11px] text-fg-subtle">{clip.states.join(" → ")}</p> : null}
        </div>

        {clip.error ? <p className="text-[13px] text-danger-text">{clip.error}</p> : null}

        {clip.verification ? (
          <ul aria-label={`Checks of ${title}`} className="space-y-1.5">
            {clip.verification.checks.map((check, i) => (
              <li key={`${check.name}-${i}`} data-pass={check.pass} className="flex gap-2 text-[12px] leading-snug">
                <span
                  className={cn(
                    "mt-px grid size-4 shrink-0 place-items-center rounded-full",
                    check.pass ? "bg-success-soft text-success-text" : "bg-danger-soft text-danger-text",
                  )}
                >
                  {check.pass ? <CheckIcon className="size-3" /> : <XIcon className="size-3" />}
                  <span className="sr-only">{check.pass ? "Pass" : "Fail"}</span>
                </span>
                <span className="min-w-0">
                  <span className="font-medium text-fg">{checkName(check.name)}</span>
                  {check.detail ? <span className="block text-fg-muted">{check.detail}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}

        {clip.status === "pending_review" && onReview ? (
          <div className="mt-auto flex gap-2 pt-1">
            <Button
              size="sm"
              onClick={() => onReview("accept")}
              loading={reviewing === "accept"}
              disabled={reviewing !== null}
              aria-label={`Accept ${title}`}
            >
              <CheckIcon /> Accept
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onReview("reject")}
              loading={reviewing === "reject"}
              disabled={reviewing !== null}
              aria-label={`Reject ${title}`}
            >
              <BanIcon /> Reject
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
