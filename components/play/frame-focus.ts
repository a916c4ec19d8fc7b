"use client";

import { useEffect, useState } from "react";
import { focusOf, focusPosition, type ManifestLike } from "@/lib/shared/scene-focus";

// The Play tab crops a frame around what the painter drew there, as the player does
// (docs/runtime.md "Scenes that move"): the scene manifest beside the frame names
// the protagonist's box; its `object-position` keeps it in view when the box is cropped.

const positions = new Map<string, string>();

/** The `object-position` for a frame whose scene manifest is at `manifestUrl` (its centre until known, or without one). */
export function useFramePosition(manifestUrl: string | null): string {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!manifestUrl || positions.has(manifestUrl)) return;
    let live = true;
    void fetch(manifestUrl, { credentials: "omit" })
      .then((res) => (res.ok ? (res.json() as Promise<ManifestLike>) : null))
      .then((manifest) => {
        positions.set(manifestUrl, manifest && Array.isArray(manifest.objects) ? focusPosition(focusOf(manifest)) : "50% 50%");
        if (live) setLoaded((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [manifestUrl]);
  return (manifestUrl && positions.get(manifestUrl)) || "50% 50%";
}
