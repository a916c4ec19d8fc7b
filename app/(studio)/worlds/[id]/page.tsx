import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { WorldResource } from "@/components/api/worlds";
import { WorldWorkspace, type WorkspaceTab } from "@/components/graph/world-workspace";
import { toWorldResource } from "@/lib/worlds/serialize";
import { findUserWorld } from "@/lib/worlds/studio";
import { studioBaseUrl } from "../../base-url";
import { getSessionUser } from "../../session";

const TABS: readonly WorkspaceTab[] = ["graph", "versions", "settings", "play", "vision", "scenarios", "simulation"];

/** The signed-in user's world (memoized per request: metadata and page share one read). */
const loadWorld = cache((userId: string, worldId: string) => findUserWorld(userId, worldId));

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
  const origin = await studioBaseUrl();
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
    />
  );
}
