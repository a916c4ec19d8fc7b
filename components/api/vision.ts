"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { VisionCheck, VisionDescribe, VisionGround } from "./types";
import { scopeOf, type WorldRef } from "./worlds";

export type { VisionCheck, VisionDescribe, VisionGround } from "./types";

/** A frame of the world: the entrance's (no stateId) or a state's. */
export interface WorldFrame {
  stateId?: string;
}

const frameOf = (ref: WorldRef, frame: WorldFrame) => ({ worldId: ref.worldId, ...(frame.stateId ? { stateId: frame.stateId } : {}) });

/**
 * The vision routes over a world's frames, as the Studio's user acting for the world's app
 * (session + X-App-Id): each call is metered like a key's (vision_ground, vision_describe,
 * vision_check) and changes nothing in the world, so no cache moves.
 */
export function useGroundFrame(ref: WorldRef) {
  return useMutation({
    mutationFn: ({ frame, phrases }: { frame: WorldFrame; phrases: string[] }) =>
      apiFetch<VisionGround>("/v1/vision/ground", { method: "POST", body: { frame: frameOf(ref, frame), phrases }, app: scopeOf(ref) }),
  });
}

export function useDescribeFrame(ref: WorldRef) {
  return useMutation({
    mutationFn: ({ frame, detail = "long" }: { frame: WorldFrame; detail?: "short" | "long" }) =>
      apiFetch<VisionDescribe>("/v1/vision/describe", { method: "POST", body: { frame: frameOf(ref, frame), detail }, app: scopeOf(ref) }),
  });
}

export function useCheckFrame(ref: WorldRef) {
  return useMutation({
    mutationFn: ({ frame, expect }: { frame: WorldFrame; expect: { label: string; present: boolean }[] }) =>
      apiFetch<VisionCheck>("/v1/vision/check", { method: "POST", body: { frame: frameOf(ref, frame), expect }, app: scopeOf(ref) }),
  });
}
