"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { withWorldDefaults, type Op, type World } from "@/lib/kernel";
import { apiFetch } from "./client";
import type { EditPreview, Fork, GeneratedWorld, GenerationJob, Mode, OpsResult, Visibility, WorldResource } from "./types";

export type { EditPreview, OpsResult, Visibility, WorldResource, WorldSummary } from "./types";

/* Worlds through the developer API, the Studio acting for one app (`X-App-Id`, `X-App-Mode`). */

/** Which world, of which app and mode: the props every world panel receives. */
export interface WorldRef {
  appId: string;
  worldId: string;
  mode: Mode;
}

export interface UpdateWorldInput {
  name?: string;
  description?: string;
  cover?: string;
  subject?: string;
  visibility?: Visibility;
}

/** POST /v1/worlds, generate mode (docs/api.md "Worlds"). */
export interface GenerateWorldInput {
  premise?: string;
  frame_b64?: string;
  text?: string;
  pov?: string;
  async?: boolean;
}

export const worldKeys = {
  /** Everything of one app and mode. */
  scope: (appId: string, mode: Mode) => ["worlds", appId, mode] as const,
  world: (ref: WorldRef) => ["worlds", ref.appId, ref.mode, ref.worldId] as const,
};

export const worldPath = (worldId: string) => `/v1/worlds/${encodeURIComponent(worldId)}`;
export const scopeOf = (ref: Pick<WorldRef, "appId" | "mode">) => ({ appId: ref.appId, mode: ref.mode });

/** `If-Match` for a graph write on `rev` (412 `rev_mismatch` when someone wrote since). */
export const ifMatch = (rev: string | undefined): Record<string, string> | undefined => (rev ? { "if-match": rev } : undefined);

/**
 * The resource's graph as the kernel reads it. A stored world may leave out state fields (an
 * import is kept as sent); they read as their add_state defaults, as the gate reads them. A
 * complete graph is returned as it is.
 */
export const graphOf = (resource: Pick<WorldResource, "world">): World => withWorldDefaults(resource.world);

/** GET /v1/worlds/{id}: the World resource with its graph. */
export const fetchWorld = (ref: WorldRef, signal?: AbortSignal) =>
  apiFetch<WorldResource>(worldPath(ref.worldId), { signal, app: scopeOf(ref) });

/**
 * POST /v1/worlds/{id}/ops with the rev the edit was made on (`If-Match`): the one way to post
 * ops, for `useApplyOps` and the graph editor. A 412 fails with `currentRev`, a 422 with the
 * gate's `diagnostics` (ApiRequestError).
 */
export const postOps = (ref: WorldRef, ops: Op[], rev: string | undefined) =>
  apiFetch<OpsResult>(`${worldPath(ref.worldId)}/ops`, { method: "POST", body: { ops }, headers: ifMatch(rev), app: scopeOf(ref) });

/**
 * POST /v1/worlds/{id}/edit with `dryRun: true` on `rev` (`If-Match`): the ops a plain-language
 * instruction becomes and the graph they would make; nothing persists. A 422 says why in
 * `detail` (an unknown name comes with the names probably meant). The editor applies the ops it
 * shows through `postOps`, so they are one undoable batch like any other.
 */
export const previewEdit = (ref: WorldRef, instruction: string, rev: string | undefined, signal?: AbortSignal) =>
  apiFetch<EditPreview>(`${worldPath(ref.worldId)}/edit`, {
    method: "POST",
    body: { instruction, dryRun: true },
    headers: ifMatch(rev),
    app: scopeOf(ref),
    signal,
  });

/** The World resource once an ops write answered: its graph, rev, and the metadata the graph carries. */
export function withOpsResult(resource: WorldResource, result: OpsResult): WorldResource {
  const { world, rev } = result;
  return {
    ...resource,
    world,
    rev,
    name: world.name,
    description: world.description,
    cover: world.cover,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * The world with its graph. `fresh` refetches whenever a component mounts, for views that
 * compare against the working graph (the version diff), since other tabs and other people
 * write to it. `initialData` seeds the cache with the world a page read on the server.
 */
export function useWorld(ref: WorldRef, { fresh = false, initialData }: { fresh?: boolean; initialData?: WorldResource } = {}) {
  return useQuery({
    queryKey: worldKeys.world(ref),
    queryFn: ({ signal }) => fetchWorld(ref, signal),
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
    ...(initialData ? { initialData } : {}),
  });
}

/** Keeps the cached world in step with a write that returned the whole resource. */
export function rememberWorld(queryClient: QueryClient, ref: WorldRef, world: WorldResource) {
  queryClient.setQueryData(worldKeys.world(ref), world);
}

export function useUpdateWorld(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, rev }: { input: UpdateWorldInput; rev?: string }) =>
      apiFetch<WorldResource>(worldPath(ref.worldId), { method: "PATCH", body: input, headers: ifMatch(rev), app: scopeOf(ref) }),
    onSuccess: (world) => rememberWorld(queryClient, ref, world),
  });
}

/** Ops from a panel other than the editor (Settings' subject reference); the cached world follows. */
export function useApplyOps(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ops, rev }: { ops: Op[]; rev?: string }) => postOps(ref, ops, rev),
    onSuccess: (result) => {
      queryClient.setQueryData<WorldResource>(worldKeys.world(ref), (current) => (current ? withOpsResult(current, result) : current));
    },
  });
}

export function useDeleteWorld(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true }>(worldPath(ref.worldId), { method: "DELETE", app: scopeOf(ref) }),
    onSuccess: () => queryClient.removeQueries({ queryKey: worldKeys.world(ref) }),
  });
}

export function useForkWorld(ref: WorldRef) {
  return useMutation({
    mutationFn: (input: { name?: string }) =>
      apiFetch<Fork>(`${worldPath(ref.worldId)}/fork`, {
        method: "POST",
        body: input,
        app: scopeOf(ref),
      }),
  });
}

/**
 * Generates a world for an app. With `async: true` and live mode the answer is 202 with a
 * GenerationJob; otherwise 200 with the world. The result says which.
 */
export function useGenerateWorld() {
  return useMutation({
    mutationFn: async ({ appId, mode, input }: { appId: string; mode: Mode; input: GenerateWorldInput }) => {
      const body = await apiFetch<GenerationJob | GeneratedWorld>("/v1/worlds", { method: "POST", body: input, app: { appId, mode } });
      return "jobId" in body ? { kind: "job" as const, job: body } : { kind: "world" as const, world: body };
    },
  });
}
