import type { CSSProperties, ReactNode } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FlagIcon, UserIcon } from "@/components/ui/icons";
import { PLACEHOLDER_BACKGROUND } from "@/embed/page/styles";

/** One stance as the gallery draws it (the page computes it with the embed's own rules). */
export interface StanceCardView {
  id: string;
  label: string;
  mood: string;
  expression: string;
  /** The stance's picture (a safe URL), or null for the embed's gradient placeholder. */
  image: string | null;
  /** The placeholder's hue (the embed's `hueOf(id)`). */
  hue: number;
  entrance: boolean;
}

/**
 * The character's stances: each one's picture (its state's own, the cover on the entrance
 * stance, else the very placeholder the embed draws, tinted by the stance id), label, mood and
 * expression; the entrance stance first and marked.
 */
export function StanceGallery({ stances, name, edit }: { stances: StanceCardView[]; name: string; edit?: ReactNode }) {
  const ordered = [...stances.filter((s) => s.entrance), ...stances.filter((s) => !s.entrance)];
  return (
    <Card aria-labelledby="stances-title">
      <CardHeader
        titleId="stances-title"
        title={`Stances (${stances.length})`}
        description="Each stance is one picture of the character and one mood of its brain. A conversation starts in the entrance stance and moves between them as the character answers."
        actions={edit}
      />
      <CardBody>
        {ordered.length ? (
          <ul aria-label="Stances" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {ordered.map((stance) => (
              <li key={stance.id} data-stance-id={stance.id} className="overflow-hidden rounded-lg border border-line bg-surface">
                <div className="relative aspect-video overflow-hidden bg-subtle">
                  {stance.image ? (
                    // eslint-disable-next-line @next/next/no-img-element -- stance pictures are any hosted URL or a data: URI
                    <img
                      src={stance.image}
                      alt={`${name}, ${stance.label.toLowerCase()}`}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover"
                    />
                  ) : (
                    <div
                      role="img"
                      aria-label={`${stance.label}: no picture yet`}
                      className="grid size-full place-items-center text-white/70"
                      style={{ "--h": String(stance.hue), background: PLACEHOLDER_BACKGROUND } as CSSProperties}
                    >
                      <UserIcon className="size-7" />
                    </div>
                  )}
                  {stance.entrance ? (
                    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-[11px] font-medium text-accent-fg shadow-xs">
                      <FlagIcon className="size-3" /> Entrance
                    </span>
                  ) : null}
                </div>
                <div className="space-y-1.5 px-3.5 pt-2.5 pb-3">
                  <div className="flex items-baseline justify-between gap-2">
                    <h3 className="truncate text-sm font-semibold text-fg">{stance.label}</h3>
                    <code className="shrink-0 font-mono text-[11px] text-fg-subtle">{stance.id}</code>
                  </div>
                  <dl className="space-y-1 text-[13px] leading-5">
                    <div className="flex gap-1.5">
                      <dt className="shrink-0 text-fg-subtle">Mood</dt>
                      <dd className={stance.mood ? "text-fg-muted" : "text-fg-subtle italic"}>{stance.mood || "none"}</dd>
                    </div>
                    <div className="flex gap-1.5">
                      <dt className="shrink-0 text-fg-subtle">Expression</dt>
                      <dd className={stance.expression ? "line-clamp-3 text-fg-muted" : "text-fg-subtle italic"}>
                        {stance.expression || "none"}
                      </dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={<UserIcon />} title="No stances">
            This character&apos;s graph carries no stance palette, so it has nothing to show or say. Re-create or re-import it.
          </EmptyState>
        )}
      </CardBody>
    </Card>
  );
}
