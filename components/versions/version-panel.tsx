"use client";

import { useMemo, useState } from "react";
import { errorMessage } from "@/components/api/client";
import { usePruneVersion, useRestoreVersion, useVersion, useVersions } from "@/components/api/versions";
import { graphOf, useWorld, type WorldRef } from "@/components/api/worlds";
import { diffWorlds } from "@/lib/kernel";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { HistoryIcon, RefreshIcon, RotateCcwIcon, TrashIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { WorldLoadError, WriteError } from "@/components/worlds/world-errors";

import { VersionDiff } from "./version-diff";
import { VersionTree, versionTitle, WORKING } from "./version-tree";
import { RenameTitle, SnapshotForm } from "./version-title-forms";

export interface VersionPanelProps {
  appId: string;
  worldId: string;
  mode: "live" | "test";
}

const HEAD_PRUNE_REASON = "HEAD can’t be pruned: the working graph descends from it. Restore or snapshot another version first.";

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="mt-0.5 truncate text-[13px] text-fg">{children}</dd>
    </div>
  );
}

/** The version panel of a world: the tree, snapshots, rename, prune, restore and a diff against the working graph. */
export function VersionPanel({ appId, worldId, mode }: VersionPanelProps) {
  const ref: WorldRef = useMemo(() => ({ appId, worldId, mode }), [appId, worldId, mode]);
  const versions = useVersions(ref);
  const world = useWorld(ref, { fresh: true });
  const restore = useRestoreVersion(ref);
  const prune = usePruneVersion(ref);

  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"restore" | "prune" | null>(null);
  const [restored, setRestored] = useState<{ title: string; rev: string } | null>(null);

  const list = versions.data?.versions ?? [];
  const head = list.find((v) => v.isHead) ?? null;
  // Default selection: HEAD, else the working graph. A pruned pick falls back the same way.
  const selected = picked === WORKING || (picked && list.some((v) => v.versionId === picked)) ? picked : (head?.versionId ?? WORKING);
  const version = selected === WORKING ? null : (list.find((v) => v.versionId === selected) ?? null);

  // The diff's base: the selected version, or HEAD when the working graph is selected.
  const baseId = version?.versionId ?? head?.versionId ?? null;
  const base = useVersion(ref, baseId);
  const diff = useMemo(() => (base.data && world.data ? diffWorlds(base.data.world, graphOf(world.data)) : null), [base.data, world.data]);
  const headDiff = useVersion(ref, head?.versionId ?? null);
  const workingDirty = useMemo(
    () => (headDiff.data && world.data ? diffWorlds(headDiff.data.world, graphOf(world.data)).total > 0 : null),
    [headDiff.data, world.data],
  );

  function select(id: string) {
    setPicked(id);
    setRestored(null);
    restore.reset();
    prune.reset();
  }

  if (versions.isPending || world.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" aria-busy="true" aria-label="Loading versions">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    );
  }
  if (world.isError) return <WorldLoadError error={world.error} onRetry={() => world.refetch()} retrying={world.isFetching} />;
  if (versions.isError) {
    return (
      <Alert
        title="Versions could not be loaded"
        action={
          <Button variant="secondary" size="sm" onClick={() => versions.refetch()} loading={versions.isFetching}>
            <RefreshIcon /> Retry
          </Button>
        }
      >
        {errorMessage(versions.error)}
      </Alert>
    );
  }

  const current = world.data;
  const parent = version?.parentId ? list.find((v) => v.versionId === version.parentId) : null;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Card aria-labelledby="versions-title" className="overflow-hidden">
        <div className="space-y-4 px-5 pt-5 pb-4">
          <div className="space-y-1">
            <h2 id="versions-title" className="flex items-center gap-2 text-[15px] font-semibold tracking-tight text-fg">
              <HistoryIcon className="size-4 text-fg-muted" /> Versions
            </h2>
            <p className="text-[13px] text-fg-muted">
              Snapshots of the graph; “Original” is the world as it was created. Restoring one branches the tree; nothing is lost until you
              prune it.
            </p>
          </div>
          <SnapshotForm world={ref} />
        </div>
        <div className="border-t border-line px-2 py-2">
          <VersionTree versions={list} workingRev={current.rev} selected={selected} onSelect={select} workingDirty={workingDirty} />
          {list.length === 0 ? (
            <p className="px-3 pt-1 pb-3 text-[13px] text-fg-muted">No snapshots yet. Take one to be able to come back to this graph.</p>
          ) : null}
        </div>
        <div className="flex items-center justify-between border-t border-line bg-subtle/50 px-5 py-2.5 text-xs text-fg-muted">
          <span>
            {list.length} {list.length === 1 ? "version" : "versions"}
          </span>
          <span className="hidden sm:inline">↑ ↓ to move through the tree</span>
        </div>
      </Card>

      <Card aria-label={version ? `Version ${versionTitle(version)}` : "Working graph"} className="min-w-0">
        <div className="space-y-5 px-6 py-5">
          {version ? (
            <>
              <RenameTitle key={version.versionId} world={ref} version={version} />
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                <Meta label="Taken">
                  <time dateTime={version.createdAt} title={formatDateTime(version.createdAt)}>
                    {formatRelative(version.createdAt)}
                  </time>
                </Meta>
                <Meta label="Based on">{parent ? versionTitle(parent) : <span className="text-fg-muted">— (a root)</span>}</Meta>
              </dl>
              <div className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="secondary" onClick={() => setConfirming("restore")}>
                    <RotateCcwIcon /> Restore…
                  </Button>
                  <span title={version.isHead ? HEAD_PRUNE_REASON : undefined}>
                    <Button
                      variant="danger-ghost"
                      disabled={version.isHead}
                      aria-describedby={version.isHead ? "prune-reason" : undefined}
                      onClick={() => setConfirming("prune")}
                    >
                      <TrashIcon /> Prune
                    </Button>
                  </span>
                </div>
                {version.isHead ? (
                  <p id="prune-reason" className="text-xs text-fg-muted">
                    {HEAD_PRUNE_REASON}
                  </p>
                ) : null}
              </div>
              {restored ? (
                <Alert tone="info" title={`Restored “${restored.title}”`}>
                  The working graph is now this version, as it was when it was taken, and HEAD points here.
                </Alert>
              ) : null}
            </>
          ) : (
            <>
              <div className="space-y-1">
                <h3 className="text-[15px] font-semibold tracking-tight text-fg">Working graph</h3>
                <p className="text-[13px] text-fg-muted">
                  What the editor shows and players play. Snapshot it to keep this state of the graph.
                </p>
              </div>
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                <Meta label="States">{Object.keys(current.world.scene.states).length}</Meta>
                <Meta label="Events">{current.world.scene.events.length}</Meta>
              </dl>
            </>
          )}
        </div>

        <section aria-labelledby="diff-title" className="space-y-3 border-t border-line px-6 py-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="diff-title" className="text-[13px] font-semibold text-fg">
              {version
                ? "Changes in the working graph since this version"
                : head
                  ? `Changes since HEAD (${versionTitle(head)})`
                  : "Changes"}
            </h3>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => world.refetch()}
              loading={world.isFetching}
              aria-label="Compare again with the latest working graph"
            >
              {world.isFetching ? null : <RefreshIcon />} Refresh
            </Button>
          </div>
          {baseId === null ? (
            <p className="text-sm text-fg-muted">Take a snapshot to compare the working graph against it later.</p>
          ) : base.isError ? (
            <Alert title="The snapshot could not be loaded">{errorMessage(base.error)}</Alert>
          ) : diff ? (
            <VersionDiff
              diff={diff}
              emptyText={version ? "No differences: the working graph matches this version." : "No changes since HEAD."}
            />
          ) : (
            <div className="space-y-2" aria-busy="true" aria-label="Loading the diff">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-3/4" />
            </div>
          )}
        </section>
      </Card>

      <Dialog
        open={confirming === "restore" && version !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        dismissible={!restore.isPending}
        title="Restore this version?"
        description={
          version ? (
            <>
              The working graph is replaced by “{versionTitle(version)}”, taken {formatRelative(version.createdAt)}, and HEAD moves to it.
              {diff && diff.total > 0 ? " Snapshot the working graph first if you want to come back to it." : ""}
            </>
          ) : null
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={restore.isPending}>
              Cancel
            </Button>
            <Button
              loading={restore.isPending}
              onClick={() => {
                if (!version) return;
                restore.mutate(
                  { versionId: version.versionId, rev: current.rev },
                  {
                    onSuccess: (next) => {
                      setConfirming(null);
                      setRestored({ title: versionTitle(version), rev: next.rev });
                    },
                  },
                );
              }}
            >
              Restore version
            </Button>
          </>
        }
      >
        {restore.isError ? (
          <WriteError
            error={restore.error}
            title="The version was not restored"
            reloading={world.isFetching}
            onReload={() => {
              restore.reset();
              void world.refetch();
            }}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={confirming === "prune" && version !== null && !version.isHead}
        onOpenChange={(open) => !open && setConfirming(null)}
        dismissible={!prune.isPending}
        title="Prune this version?"
        description={
          version ? (
            <>
              “{versionTitle(version)}” is deleted for good.{" "}
              {parent ? `Versions made from it are attached to “${versionTitle(parent)}” instead.` : "Versions made from it become roots."}{" "}
              The working graph does not change.
            </>
          ) : null
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={prune.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={prune.isPending}
              onClick={() => {
                if (!version) return;
                prune.mutate(version.versionId, {
                  onSuccess: () => {
                    setConfirming(null);
                    setPicked(version.parentId ?? null);
                  },
                });
              }}
            >
              Prune version
            </Button>
          </>
        }
      >
        {prune.isError ? <WriteError error={prune.error} title="The version was not pruned" /> : null}
      </Dialog>
    </div>
  );
}
