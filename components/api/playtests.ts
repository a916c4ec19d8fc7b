"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlaytestStep } from "@/lib/kernel";
import { apiFetch } from "./client";
import type { Playtest, PlaytestList } from "./types";
import { scopeOf, worldKeys, worldPath, type WorldRef } from "./worlds";

export type { Playtest, PlaytestReport } from "./types";

/* Recorded play-throughs of a world (docs/api.md "Play-throughs"), the Studio acting for its app. */

export const playtestKeys = {
  list: (ref: WorldRef) => [...worldKeys.world(ref), "playtests"] as const,
};

const playtestsPath = (ref: WorldRef) => `${worldPath(ref.worldId)}/playtests`;

/** GET …/playtests: oldest first. */
export function usePlaytests(ref: WorldRef) {
  return useQuery({
    queryKey: playtestKeys.list(ref),
    queryFn: ({ signal }) => apiFetch<PlaytestList>(playtestsPath(ref), { signal, app: scopeOf(ref) }).then((body) => body.playtests),
  });
}

/** POST …/playtests: recorded only when it plays on the graph as it is now (else a 422 naming the step). */
export function useCreatePlaytest(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; steps: PlaytestStep[] }) =>
      apiFetch<Playtest>(playtestsPath(ref), { method: "POST", body: input, app: scopeOf(ref) }),
    onSuccess: (created) => queryClient.setQueryData<Playtest[]>(playtestKeys.list(ref), (list) => (list ? [...list, created] : [created])),
  });
}

export function useDeletePlaytest(ref: WorldRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playtestId: string) =>
      apiFetch<{ ok: true }>(`${playtestsPath(ref)}/${encodeURIComponent(playtestId)}`, { method: "DELETE", app: scopeOf(ref) }),
    onSuccess: (_, playtestId) =>
      queryClient.setQueryData<Playtest[]>(playtestKeys.list(ref), (list) => list?.filter((p) => p.playtestId !== playtestId)),
  });
}
