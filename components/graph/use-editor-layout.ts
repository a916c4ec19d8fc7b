"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useState } from "react";
import { estimateText, type MeasureText } from "./edge-routes";
import type { EditorStore } from "./editor-store";
import { fitGraph } from "./fit-graph";
import { placeMissing, runLayout } from "./layout";

let measurer: MeasureText | null = null;

/**
 * Label text measured as `.pw-edge-label` draws it (11 px, weight 500, the Studio's sans), so
 * the boxes the layout reserves are the boxes drawn. Falls back to a generous estimate.
 */
function labelMeasure(): MeasureText {
  if (measurer) return measurer;
  const context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!context) return estimateText;
  const family = getComputedStyle(document.body).fontFamily || "sans-serif";
  context.font = `500 11px ${family}`;
  measurer = (text) => context.measureText(text).width;
  return measurer;
}

/** First positions: the ones saved in this browser (with their routes), else an automatic layout. */
export function useInitialPositions(store: EditorStore): void {
  useEffect(() => {
    const positions = store.positions;
    if (positions.source !== "none") return;
    const world = store.getState().resource.world;
    const saved = positions.load();
    if (saved && Object.keys(world.scene.states).some((id) => saved.positions.has(id))) {
      positions.replace(placeMissing(world, saved.positions), "saved", saved.routes);
      return;
    }
    let cancelled = false;
    const run = runLayout(world, labelMeasure());
    void run.promise.then(({ layout, engine }) => {
      if (cancelled) return;
      performance.mark("pw-editor-layout", { detail: engine });
      positions.replace(layout.positions, engine, layout.routes);
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
    const previousRoutes = store.positions.routes();
    setArranging(true);
    const { layout, engine } = await runLayout(world, labelMeasure()).promise;
    setArranging(false);
    const mapped = new Map([...layout.positions].map(([id, p]) => [store.nodeIdOf(id), p]));
    store.positions.replace(mapped, engine, layout.routes);
    // Two frames: React Flow first takes the new positions, then the fit reads them.
    requestAnimationFrame(() => requestAnimationFrame(() => fitGraph(rf, store, 300)));
    store.showToast(`Arranged ${layout.positions.size} states (${engine === "elk" ? "ELK layered" : "quick layered"} layout).`, "neutral", {
      label: "Revert",
      run: () => store.positions.replace(previous, "saved", previousRoutes),
    });
  }, [store, rf]);
  return { arrange, arranging };
}
