"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { estimateText, type MeasureText } from "./edge-routes";
import type { EditorStore } from "./editor-store";
import { fitGraph } from "./fit-graph";
import { elkFits, placeMissing, quickLayoutWithRoutes, runLayout } from "./layout";

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

/**
 * First positions: the ones saved in this browser (with their routes), else the quick layout at
 * once, and then ELK's (worked out in a Web Worker) in its place when it reads better and the
 * creator has not touched the graph meanwhile. Marks `pw-editor-layout` with the engine shown
 * first and `pw-editor-layout-settled` with the one that stays.
 */
export function useInitialPositions(store: EditorStore): void {
  // The instance changes between renders; the layout runs once per store and fits with the latest.
  const flow = useReactFlow();
  const rf = useRef(flow);
  useEffect(() => {
    rf.current = flow;
  }, [flow]);
  useEffect(() => {
    const positions = store.positions;
    if (positions.source !== "none") return;
    const world = store.getState().resource.world;
    const saved = positions.load();
    if (saved && Object.keys(world.scene.states).some((id) => saved.positions.has(id))) {
      positions.replace(placeMissing(world, saved.positions), "saved", saved.routes);
      return;
    }
    const measure = labelMeasure();
    const quick = quickLayoutWithRoutes(world, measure);
    const elk = elkFits(world);
    positions.setSettling(elk);
    positions.replace(quick.positions, "quick", quick.routes, { persist: !elk });
    performance.mark("pw-editor-layout", { detail: "quick" });
    if (!elk) {
      performance.mark("pw-editor-layout-settled", { detail: "quick" });
      return;
    }
    const shown = positions.getVersion();
    let cancelled = false;
    const run = runLayout(world, measure, quick);
    void run.promise.then(({ layout, engine }) => {
      if (cancelled) return;
      const settle = (kept: "elk" | "quick") => {
        positions.setSettling(false);
        performance.mark("pw-editor-layout-settled", { detail: kept });
      };
      if (positions.getVersion() !== shown) return settle("quick"); // the creator got there first: theirs stays
      if (engine !== "elk") {
        positions.saveSoon();
        return settle("quick");
      }
      positions.replace(layout.positions, "elk", layout.routes);
      // Two frames: React Flow first takes the new positions, then the fit reads them.
      requestAnimationFrame(() => requestAnimationFrame(() => void fitGraph(rf.current, store, 300).finally(() => settle("elk"))));
    });
    return () => {
      cancelled = true;
      run.cancel();
      positions.setSettling(false);
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
    requestAnimationFrame(() => requestAnimationFrame(() => void fitGraph(rf, store, 300)));
    store.showToast(`Arranged ${layout.positions.size} states (${engine === "elk" ? "ELK layered" : "quick layered"} layout).`, "neutral", {
      label: "Revert",
      run: () => store.positions.replace(previous, "saved", previousRoutes),
    });
  }, [store, rf]);
  return { arrange, arranging };
}
