import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { WorldResource } from "@/components/api/worlds";
import type { ChapterNav } from "@/components/graph/world-header-actions";
import { WorldWorkspace, type WorkspaceTab } from "@/components/graph/world-workspace";
import { findUserCampaign } from "@/lib/campaigns/studio";
import { toWorldResource } from "@/lib/worlds/serialize";
import { findUserWorld } from "@/lib/worlds/studio";
import { studioBaseUrl } from "../../base-url";
import { getSessionUser } from "../../session";

const TABS: readonly WorkspaceTab[] = ["graph", "versions", "settings", "play", "vision", "scenarios", "simulation"];

/** The signed-in user's world (memoized per request: metadata and page share one read). */
const loadWorld = cache((userId: string, worldId: string) => findUserWorld(userId, worldId));

/** A chapter world's way back: its campaign, its place in it, and the neighbour chapters that have a world. */
async function chapterNavOf(userId: string, campaignId: string | null, worldId: string): Promise<ChapterNav | null> {
  if (!campaignId) return null;
  const found = await findUserCampaign(userId, campaignId);
  if (!found) return null;
  const chapters = found.campaign.chapters;
  const at = chapters.findIndex((c) => c.worldId === worldId);
  if (at < 0) return null;
  const neighbour = (i: number) => {
    const c = chapters[i];
    return c?.worldId ? { chapter: c.index, title: c.title, worldId: c.worldId } : null;
  };
  return {
    campaignId,
    campaignName: found.campaign.name || "Untitled campaign",
    chapter: chapters[at]!.index,
    chapters: chapters.length,
    prev: neighbour(at - 1),
    next: neighbour(at + 1),
  };
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user] = await Promise.all([params, getSessionUser()]);
  const found = user ? await loadWorld(user.id, id) : null;
  return { title: found ? found.row.name : "World not found" };
}

export default async function WorldPage({ params, searchParams }: Props) {
  const [{ id }, { tab }] = await Promise.all([params, searchParams]);
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const found = await loadWorld(user.id, id);
  if (!found) notFound();
  // A character is a world subtype with its own page (stances, brain, preview), not the graph editor.
  if (found.row.kind === "character") redirect(`/characters/${found.row.id}`);
  const [origin, chapterNav] = await Promise.all([studioBaseUrl(), chapterNavOf(user.id, found.row.campaignId, found.row.id)]);
  const world = toWorldResource(found.row, origin) as WorldResource;
  const initialTab = TABS.find((t) => t === tab) ?? "graph";
  return (
    <WorldWorkspace
      key={world.id}
      appId={found.app.id}
      appName={found.app.name}
      mode={found.row.mode === "test" ? "test" : "live"}
      initialWorld={world}
      initialTab={initialTab}
      origin={origin}
      chapterNav={chapterNav}
    />
  );
}
