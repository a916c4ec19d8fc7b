"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useWorld, type WorldRef } from "@/components/api/worlds";
import { EmbedSnippet } from "@/components/embed/embed-snippet";
import { Skeleton } from "@/components/ui/skeleton";
import { ForkAndDeleteSection } from "./fork-and-delete-section";
import { GeneralSection } from "./general-section";
import { SubjectSection } from "./subject-section";
import { VisibilitySection } from "./visibility-section";
import { WorldLoadError } from "./world-errors";

export interface WorldSettingsProps {
  appId: string;
  worldId: string;
  mode: "live" | "test";
  /** The base of the embed snippet's URLs, from the server (PUBLIC_URL, else the host the browser used). */
  origin: string;
}

/** Settings of one world: general fields, subject, visibility with the play link, fork and delete. */
export function WorldSettings({ appId, worldId, mode, origin }: WorldSettingsProps) {
  const ref: WorldRef = useMemo(() => ({ appId, worldId, mode }), [appId, worldId, mode]);
  const world = useWorld(ref);

  if (world.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading settings">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (world.isError) return <WorldLoadError error={world.error} onRetry={() => world.refetch()} retrying={world.isFetching} />;

  const reload = () => void world.refetch();
  const props = { world: ref, current: world.data, onReload: reload, reloading: world.isFetching };
  return (
    <div className="space-y-6">
      <GeneralSection {...props} />
      <VisibilitySection {...props} />
      <EmbedSnippet appId={appId} worldId={worldId} origin={origin} />
      <SubjectSection {...props} />
      <ForkAndDeleteSection world={ref} current={world.data} />
      <p className="text-center text-xs text-fg-muted">
        Looking for keys and webhooks? They belong to the app:{" "}
        <Link href={`/apps/${appId}`} className="font-medium text-fg underline-offset-2 hover:underline">
          app settings
        </Link>
        .
      </p>
    </div>
  );
}
