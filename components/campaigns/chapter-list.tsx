import Link from "next/link";
import type { CampaignChapter } from "@/components/api/campaigns";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ArrowRightIcon } from "@/components/ui/icons";

const STATUS = {
  authored: { label: "Authored", tone: "success" },
  authoring: { label: "Authoring", tone: "accent" },
  pending: { label: "Pending", tone: "neutral" },
} as const;

/** The story spine: each chapter in order, its summary and status, and its world once authored. */
export function ChapterList({ chapters, planning }: { chapters: CampaignChapter[]; planning: boolean }) {
  return (
    <Card aria-labelledby="spine-title">
      <CardHeader
        titleId="spine-title"
        title="Story spine"
        description="The book's acts in order; each becomes a world whose winning ending leads to the next."
      />
      <CardBody>
        {chapters.length === 0 ? (
          <p className="text-sm text-fg-muted">
            {planning ? "The chapters appear here once the book is read and its spine planned." : "No chapters were planned."}
          </p>
        ) : (
          <ol aria-label="Chapters" className="divide-y divide-line">
            {chapters.map((chapter) => {
              const status = STATUS[chapter.status];
              return (
                <li
                  key={chapter.index}
                  data-chapter={chapter.index}
                  data-status={chapter.status}
                  className="flex gap-4 py-3.5 first:pt-0 last:pb-0"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-[13px] font-semibold",
                      chapter.status === "authored"
                        ? "bg-success-soft text-success-text"
                        : chapter.status === "authoring"
                          ? "bg-accent-soft text-accent-text"
                          : "bg-subtle text-fg-subtle",
                    )}
                  >
                    {chapter.index}
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="text-sm font-semibold text-fg">{chapter.title}</h3>
                      <Badge tone={status.tone} dot={chapter.status === "authoring"}>
                        {status.label}
                      </Badge>
                    </div>
                    <p className="line-clamp-2 text-[13px] leading-5 text-fg-muted">{chapter.summary}</p>
                  </div>
                  {chapter.worldId ? (
                    <Link
                      href={`/worlds/${chapter.worldId}`}
                      className="inline-flex shrink-0 items-center gap-1 self-center rounded-md text-[13px] font-medium text-accent-text hover:underline"
                      aria-label={`Open the world of chapter ${chapter.index}`}
                    >
                      Open world <ArrowRightIcon className="size-3.5" />
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
