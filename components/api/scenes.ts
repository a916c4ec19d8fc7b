"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { ScenePainted } from "./types";
import { scopeOf, worldPath, type WorldRef } from "./worlds";

export type { ScenePainted } from "./types";

/**
 * POST /v1/worlds/{id}/scenes: paints one frame of a state from the world's stored subjectRef
 * (a 422 without one), metered as `seed_frame`. The graph is not changed, so nothing in the
 * cache moves: keeping the frame is a separate write (cover, opening frame).
 */
export function usePaintScene(ref: WorldRef) {
  return useMutation({
    mutationFn: ({ stateId }: { stateId: string }) =>
      apiFetch<ScenePainted>(`${worldPath(ref.worldId)}/scenes`, { method: "POST", body: { stateId }, app: scopeOf(ref) }),
  });
}
