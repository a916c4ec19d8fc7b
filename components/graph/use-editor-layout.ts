"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useState } from "react";
import type { EditorStore } from "./editor-store";
import { placeMissing, runLayout } from "./layout";

/** First positions: the ones saved in this browser, else an automatic layout. */
export function useInitialPositions(store: EditorStore): void {
  useEffect(() => {
    const positions = store.positions;
    if (positions.source !== "none") return;
    const world = store.getState().resource.world;
    const saved = positions.load();
    if (saved && Object.keys(world.scene.states).some((id) => saved.has(id))) {
      positions.replace(placeMissing(world, saved), "saved");
      return;
    }
    let cancelled = false;
    const run = runLayout(world);
    void run.promise.then(({ positions: laid, engine }) => {
      if (cancelled) return;
      performance.mark("pw-editor-layout", { detail: engine });
      positions.replace(laid, engine);
    });
    return () => {
      cancelled = true;
      run.cancel();
    };
  }, [store]);
}

/** Automatic layout on demand (L, the toolbar): the whole world again, with a toast that can revert it. */
export function useArrange(store: EditorStore): { arrange: () => Promise<void>; arranging: boolean } {
  const rf = useReactFlow();
  const [arranging, setArranging] = useState(false);
  const arrange = useCallback(async () => {
    const world = store.getState().view.world;
    const previous = new Map(store.positions.all());
    setArranging(true);
    const { positions, engine } = await runLayout(world).promise;
    setArranging(false);
    const mapped = new Map([...positions].map(([id, p]) => [store.nodeIdOf(id), p]));
    store.positions.replace(mapped, engine);
    requestAnimationFrame(() => void rf.fitView({ padding: 0.12, duration: 300 }));
    store.showToast(`Arranged ${positions.size} states (${engine === "elk" ? "ELK layered" : "quick layered"} layout).`, "neutral", {
      label: "Revert",
      run: () => store.positions.replace(previous, "saved"),
    });
  }, [store, rf]);
  return { arrange, arranging };
}
