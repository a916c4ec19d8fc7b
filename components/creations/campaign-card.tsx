import Link from "next/link";
import { CAMPAIGN_STATUS, chaptersLine } from "@/components/campaigns/campaign-status";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { BookOpenIcon, BoxIcon, CheckIcon, ImageIcon } from "@/components/ui/icons";
import type { CampaignCard as Campaign } from "./types";

/**
 * A campaign on My Creations: one card for the book, its chapters listed in order with their
 * status (its chapter worlds are not listed again as loose worlds); opens the campaign page.
 */
export function CampaignCard({ campaign, now, eager = false }: { campaign: Campaign; now: number; eager?: boolean }) {
  const status = CAMPAIGN_STATUS[campaign.status];
  const shown = campaign.chapters.slice(0, 4);
  return (
    <li className="min-w-0">
      <Link
        href={`/campaigns/${campaign.id}`}
        data-campaign-id={campaign.id}
        data-kind="campaign"
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-xs transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-sm"
      >
        <div className="relative aspect-video overflow-hidden bg-subtle">
          {campaign.cover ? (
            // eslint-disable-next-line @next/next/no-img-element -- covers are any hosted URL or a data: URI
            <img
              src={campaign.cover}
              alt=""
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="grid size-full place-items-center text-fg-subtle">
              <ImageIcon className="size-6" />
            </div>
          )}
          <span className="absolute top-2.5 right-2.5 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-[11px] font-medium text-accent-fg shadow-xs">
            <BookOpenIcon className="size-3" /> Campaign
          </span>
          <span className="absolute top-2.5 left-2.5">
            <Badge tone={status.tone} dot={campaign.status === "authoring"} className="bg-surface/90 backdrop-blur-sm">
              {status.label}
            </Badge>
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1.5 px-4 pt-3 pb-3.5">
          <h3 className="truncate text-sm font-semibold tracking-tight text-fg group-hover:text-accent-text">
            {campaign.name || "Untitled campaign"}
          </h3>
          <p className="text-xs font-medium text-fg-muted">{chaptersLine(campaign.actsDone, campaign.actsTotal)}</p>
          <ol aria-label="Chapters" className="space-y-0.5 text-[13px] leading-5">
            {shown.map((chapter) => (
              <li key={chapter.index} className="flex min-w-0 items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-4 shrink-0 place-items-center rounded-full text-[10px] font-semibold",
                    chapter.status === "authored"
                      ? "bg-success-soft text-success-text"
                      : chapter.status === "authoring"
                        ? "bg-accent-soft text-accent-text"
                        : "bg-subtle text-fg-subtle",
                  )}
                >
                  {chapter.status === "authored" ? <CheckIcon className="size-2.5" /> : chapter.index}
                </span>
                <span className={cn("truncate", chapter.status === "authored" ? "text-fg-muted" : "text-fg-subtle")}>{chapter.title}</span>
              </li>
            ))}
            {campaign.chapters.length > shown.length ? (
              <li className="pl-5.5 text-xs text-fg-subtle">and {campaign.chapters.length - shown.length} more</li>
            ) : null}
          </ol>
          <div className="mt-auto flex items-center justify-between gap-3 pt-2 text-xs text-fg-subtle">
            <span className="flex min-w-0 items-center gap-1">
              <BoxIcon className="size-3.5 shrink-0" />
              <span className="truncate">{campaign.appName}</span>
            </span>
            <time dateTime={campaign.updatedAt} title={`Updated ${formatDateTime(campaign.updatedAt)}`} className="shrink-0">
              Updated {formatRelative(campaign.updatedAt, now)}
            </time>
          </div>
        </div>
      </Link>
    </li>
  );
}
