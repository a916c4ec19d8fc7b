"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { Version, VersionDetail, VersionList, VersionPruned, VersionRenamed } from "./types";
import { ifMatch, rememberWorld, scopeOf, worldKeys, worldPath, type WorldRef, type WorldResource } from "./worlds";

/* A world's branching version tree (docs/api.md "Versions"). */

export type { Version, VersionDetail, VersionList } from "./types";

export const versionKeys = {
  list: (ref: WorldRef) => [...worldKeys.world(ref), "versions"] as const,
  detail: (ref: WorldRef, versionId: string) => [...worldKeys.world(ref), "versions", versionId] as const,
};

const versionsPath = (worldId: string) => `${worldPath(worldId)}/versions`;
const versionPath = (worldId: string, versionId: string) => `${versionsPath(worldId)}/${encodeURIComponent(versionId)}`;

export function useVersions(ref: WorldRef) {
  return useQuery({
    queryKey: versionKeys.list(ref),
    queryFn: ({ signal }) => apiFetch<VersionList>(versionsPath(ref.worldId), { signal, app: scopeOf(ref) }),
  });
}

/** A version with its snapshot; snapshots never change, so it is cached for good. */
export function useVersion(ref: WorldRef, versionId: string | null) {
  return useQuery({
    queryKey: versionKeys.detail(ref, versionId ?? "none"),
    queryFn: ({ signal }) => apiFetch<VersionDetail>(versionPath(ref.worldId, versionId!), { signal, app: scopeOf(ref) }),
    enabled: versionId !== null,
    staleTime: Infinity,
  });
}

export function useCreateVersion(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title?: string }) =>
      apiFetch<Version>(versionsPath(ref.worldId), { method: "POST", body: input, app: scopeOf(ref) }),
    // The snapshot is of the stored graph, which may be newer than the one on screen: read both again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: versionKeys.list(ref), exact: true }),
        queryClient.invalidateQueries({ queryKey: worldKeys.world(ref), exact: true }),
      ]),
  });
}

export function useRenameVersion(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, title }: { versionId: string; title: string }) =>
      apiFetch<VersionRenamed>(versionPath(ref.worldId, versionId), { method: "PATCH", body: { title }, app: scopeOf(ref) }),
    onSuccess: ({ versionId, title }) => {
      queryClient.setQueryData<VersionList>(versionKeys.list(ref), (list) =>
        list ? { ...list, versions: list.versions.map((v) => (v.versionId === versionId ? { ...v, title } : v)) } : list,
      );
      queryClient.setQueryData<VersionDetail>(versionKeys.detail(ref, versionId), (detail) => (detail ? { ...detail, title } : detail));
    },
  });
}

export function usePruneVersion(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) =>
      apiFetch<VersionPruned>(versionPath(ref.worldId, versionId), { method: "DELETE", app: scopeOf(ref) }),
    onSuccess: ({ versionId }) => {
      queryClient.removeQueries({ queryKey: versionKeys.detail(ref, versionId) });
      return queryClient.invalidateQueries({ queryKey: versionKeys.list(ref), exact: true });
    },
  });
}

/** The working graph becomes the snapshot (a new rev) and HEAD moves to it. */
export function useRestoreVersion(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, rev }: { versionId: string; rev?: string }) =>
      apiFetch<WorldResource>(`${versionPath(ref.worldId, versionId)}/restore`, {
        method: "POST",
        headers: ifMatch(rev),
        app: scopeOf(ref),
      }),
    onSuccess: (world) => {
      rememberWorld(queryClient, ref, world);
      return queryClient.invalidateQueries({ queryKey: versionKeys.list(ref), exact: true });
    },
  });
}
