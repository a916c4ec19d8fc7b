import Link from "next/link";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { cn } from "@/components/ui/cn";
import { BoxIcon, GlobeIcon, ImageIcon, InfoIcon, LinkIcon, LockIcon, MessageIcon } from "@/components/ui/icons";
import { CONNECT_MODEL, isOfflineWorld, OFFLINE_LABEL, OFFLINE_NOTICE } from "@/components/worlds/offline";
import type { CreationCard } from "./types";

const visibility = {
  private: { label: "Private", Icon: LockIcon, className: "bg-black/55 text-white" },
  unlisted: { label: "Unlisted", Icon: LinkIcon, className: "bg-black/55 text-white" },
  public: { label: "Public", Icon: GlobeIcon, className: "bg-success-text text-white dark:bg-emerald-500 dark:text-black" },
} as const;

/** Where a creation opens: a world's workspace, or a character's page. */
export function creationHref(creation: Pick<CreationCard, "id" | "kind">): string {
  return creation.kind === "character" ? `/characters/${creation.id}` : `/worlds/${creation.id}`;
}

/**
 * A creation on My Creations: cover, name, visibility, app and last update, a "Character"
 * badge on characters and a "Written and painted offline" one on worlds of the offline provider; opens the world's workspace or the character's page.
 */
export function WorldCard({ world, now, eager = false }: { world: CreationCard; now: number; eager?: boolean }) {
  const badge = visibility[world.visibility] ?? visibility.private;
  const character = world.kind === "character";
  return (
    <li className="min-w-0">
      <Link
        href={creationHref(world)}
        data-world-id={world.id}
        data-kind={world.kind}
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-xs transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-sm"
      >
        <div className="relative aspect-video overflow-hidden bg-subtle">
          {world.cover ? (
            // eslint-disable-next-line @next/next/no-img-element -- covers are any hosted URL or a data: URI
            <img
              src={world.cover}
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
          <span
            className={cn(
              "absolute top-2.5 left-2.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium backdrop-blur-sm",
              badge.className,
            )}
          >
            <badge.Icon className="size-3" /> {badge.label}
          </span>
          {character ? (
            <span className="absolute top-2.5 right-2.5 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-[11px] font-medium text-accent-fg shadow-xs">
              <MessageIcon className="size-3" /> Character
            </span>
          ) : null}
          {isOfflineWorld(world.source) ? (
            // The card is one link: no button inside it. The workspace's header explains how to connect a model.
            <span
              data-testid="offline-badge"
              title={`${OFFLINE_NOTICE} ${CONNECT_MODEL}: open the world.`}
              className="absolute bottom-2.5 left-2.5 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-[11px] font-medium text-white backdrop-blur-sm"
            >
              <InfoIcon className="size-3" /> {OFFLINE_LABEL}
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 px-4 pt-3 pb-3.5">
          <h3 className="truncate text-sm font-semibold tracking-tight text-fg group-hover:text-accent-text">{world.name}</h3>
          <p className={cn("line-clamp-2 min-h-10 text-[13px] leading-5", world.description ? "text-fg-muted" : "text-fg-subtle italic")}>
            {world.description || "No description"}
          </p>
          <div className="mt-auto flex items-center justify-between gap-3 pt-2 text-xs text-fg-subtle">
            <span className="flex min-w-0 items-center gap-1">
              <BoxIcon className="size-3.5 shrink-0" />
              <span className="truncate">{world.appName}</span>
            </span>
            <time
              dateTime={world.editedAt}
              title={`Last edited ${formatDateTime(world.editedAt)}`}
              className="shrink-0"
              data-testid="edited-at"
            >
              Edited {formatRelative(world.editedAt, now)}
            </time>
          </div>
        </div>
      </Link>
    </li>
  );
}
