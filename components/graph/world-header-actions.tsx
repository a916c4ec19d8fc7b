"use client";

import Link from "next/link";
import type { WorldResource } from "@/components/api/worlds";
import { Button, buttonClasses } from "@/components/ui/button";
import { ChevronRightIcon, ExternalLinkIcon, PlayIcon } from "@/components/ui/icons";

/** A chapter world's place in its campaign, read on the server for the world page. */
export interface ChapterNav {
  campaignId: string;
  campaignName: string;
  chapter: number;
  chapters: number;
  prev: { chapter: number; title: string; worldId: string } | null;
  next: { chapter: number; title: string; worldId: string } | null;
}

/** The breadcrumb's middle for a chapter world: its campaign, then "Chapter n of m". */
export function ChapterCrumbs({ nav }: { nav: ChapterNav }) {
  return (
    <>
      <li>
        <Link
          href={`/campaigns/${nav.campaignId}`}
          className="block max-w-48 truncate rounded hover:text-fg"
          title={`Campaign: ${nav.campaignName}`}
        >
          {nav.campaignName}
        </Link>
      </li>
      <li aria-hidden="true">
        <ChevronRightIcon className="size-3.5 text-fg-subtle" />
      </li>
      <li className="whitespace-nowrap text-fg-subtle">
        Chapter {nav.chapter} of {nav.chapters}
      </li>
      <li aria-hidden="true">
        <ChevronRightIcon className="size-3.5 text-fg-subtle" />
      </li>
    </>
  );
}

/** The neighbour chapters of a chapter world, as links (a chapter not authored yet has no world to open). */
export function ChapterNeighbours({ nav }: { nav: ChapterNav }) {
  if (!nav.prev && !nav.next) return null;
  return (
    <nav aria-label="Chapters" className="flex items-center gap-1 text-[12px]">
      {nav.prev ? (
        <Link
          href={`/worlds/${nav.prev.worldId}`}
          rel="prev"
          className="max-w-44 truncate rounded px-1.5 py-0.5 text-fg-muted hover:bg-subtle hover:text-fg"
          title={`Chapter ${nav.prev.chapter}: ${nav.prev.title}`}
        >
          ← Chapter {nav.prev.chapter}
        </Link>
      ) : null}
      {nav.next ? (
        <Link
          href={`/worlds/${nav.next.worldId}`}
          rel="next"
          className="max-w-44 truncate rounded px-1.5 py-0.5 text-fg-muted hover:bg-subtle hover:text-fg"
          title={`Chapter ${nav.next.chapter}: ${nav.next.title}`}
        >
          Chapter {nav.next.chapter} →
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The header's Play: a public world opens its public player in a new tab; any other plays in the
 * Play tab, and the line beside it says how to get a public link (Settings → Visibility, live
 * worlds only).
 */
export function PlayAction({
  world,
  mode,
  onPlayHere,
  onOpenSettings,
}: {
  world: WorldResource;
  mode: "live" | "test";
  onPlayHere: () => void;
  onOpenSettings: () => void;
}) {
  if (world.playUrl) {
    return (
      <div className="flex items-center gap-2">
        <Button size="sm" variant="ghost" onClick={onPlayHere} title="Play in the Studio (Alt+4)">
          Play here
        </Button>
        <a
          href={world.playUrl}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ size: "sm" })}
          title={`Open the public player: ${world.playUrl}`}
          data-testid="play-public"
        >
          <PlayIcon className="size-3.5" /> Play
          <ExternalLinkIcon className="size-3!" aria-hidden="true" />
          <span className="sr-only">(public player, opens in a new tab)</span>
        </a>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <p className="hidden text-[11.5px] text-fg-subtle sm:block" data-testid="public-link-hint">
        {mode === "live" ? (
          <>
            Public link:{" "}
            <button type="button" className="underline decoration-dotted underline-offset-2 hover:text-fg" onClick={onOpenSettings}>
              make it public in Settings
            </button>
          </>
        ) : (
          "Test worlds have no public link"
        )}
      </p>
      <Button size="sm" onClick={onPlayHere} title="Play this world in the Studio (Alt+4)">
        <PlayIcon className="size-3.5" /> Play
      </Button>
    </div>
  );
}
