"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { ChatPlan, Mode, Player, PlayerList } from "./types";

/* The app's players and their chat time (/v1/players, the Studio acting for the app in a mode; docs/runtime.md "Chat time"). */

export type { ChatPlan, Player } from "./types";

const PAGE = 50;

export const playerKeys = {
  all: (appId: string, mode: Mode) => ["players", appId, mode] as const,
  list: (appId: string, mode: Mode, prefix: string) => ["players", appId, mode, "list", prefix] as const,
  one: (appId: string, mode: Mode, player: string) => ["players", appId, mode, "one", player] as const,
};

const playerPath = (player: string) => `/v1/players/${encodeURIComponent(player)}`;

/** The players with a chat account, a page at a time, optionally those whose id starts with `prefix`. */
export function usePlayers(appId: string, mode: Mode, prefix = "") {
  return useInfiniteQuery({
    queryKey: playerKeys.list(appId, mode, prefix),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        limit: String(PAGE),
        ...(pageParam ? { cursor: pageParam } : {}),
        ...(prefix ? { prefix } : {}),
      });
      return apiFetch<PlayerList>(`/v1/players?${query}`, { signal, app: { appId, mode } });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One player by id, whether or not they have an account yet (one who never talked has the whole taste). */
export function usePlayer(appId: string, mode: Mode, player: string | null) {
  return useQuery({
    queryKey: playerKeys.one(appId, mode, player ?? ""),
    enabled: player !== null && player !== "",
    queryFn: ({ signal }) => apiFetch<Player>(playerPath(player!), { signal, app: { appId, mode } }),
  });
}

function useRefresh(appId: string, mode: Mode) {
  const queryClient = useQueryClient();
  return (player: Player) => {
    queryClient.setQueryData(playerKeys.one(appId, mode, player.player), player);
    void queryClient.invalidateQueries({ queryKey: playerKeys.all(appId, mode) });
  };
}

export function useSetPlayerPlan(appId: string, mode: Mode) {
  const refresh = useRefresh(appId, mode);
  return useMutation({
    mutationFn: ({ player, plan }: { player: string; plan: ChatPlan }) =>
      apiFetch<Player>(playerPath(player), { method: "PATCH", body: { plan }, app: { appId, mode } }),
    onSuccess: refresh,
  });
}

/** Adds credit; one Idempotency-Key per submit, so a retried request never adds twice. */
export function useAddPlayerCredit(appId: string, mode: Mode) {
  const refresh = useRefresh(appId, mode);
  return useMutation({
    mutationFn: ({ player, seconds, idempotencyKey }: { player: string; seconds: number; idempotencyKey: string }) =>
      apiFetch<Player>(`${playerPath(player)}/credit`, {
        method: "POST",
        body: { seconds },
        headers: { "idempotency-key": idempotencyKey },
        app: { appId, mode },
      }),
    onSuccess: refresh,
  });
}
