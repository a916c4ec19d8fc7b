"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo, useSyncExternalStore, type CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { midpoint, routeHolds, routePath } from "./edge-routes";
import { NODE_HEIGHT } from "./geometry";
import type { TransitionEdgeType } from "./graph-items";
import { useEditorStore } from "./use-editor";

/**
 * A transition. While both of its states are where the last layout put them, it is drawn along
 * the layout's route (around the states, its label in the box the layout kept for it); once a
 * creator moves either state, as a curve from the source's right to the target's left with the
 * label at its middle. The label is truncated to its box and shown in full on hover, focus or
 * selection.
 */
export const TransitionEdge = memo(function TransitionEdge(props: EdgeProps<TransitionEdgeType>) {
  const { id, source, target, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd } = props;
  const store = useEditorStore();
  const stored = useSyncExternalStore(
    store.positions.subscribe,
    () => store.positions.routes().get(id),
    () => undefined,
  );
  const route =
    stored &&
    stored.source === store.stateIdOfNode(source) &&
    stored.target === store.stateIdOfNode(target) &&
    routeHolds(stored, store.positions.get(source), store.positions.get(target))
      ? stored
      : null;
  const lane = data?.lane ?? 0;
  const lanes = data?.lanes ?? 1;
  const offset = (lane - (lanes - 1) / 2) * 26;

  let path: string;
  let labelX: number;
  let labelY: number;
  if (route) {
    path = routePath(route);
    const mid = route.label ? { x: route.label.x, y: route.label.y } : midpoint(route.points);
    labelX = mid.x;
    labelY = mid.y;
  } else if (source === target) {
    // A self-loop arcs over the top of its state.
    const lift = NODE_HEIGHT / 2 + 46 + lane * 22;
    path = `M ${sourceX} ${sourceY} C ${sourceX + 70} ${sourceY - lift}, ${targetX - 70} ${targetY - lift}, ${targetX} ${targetY}`;
    labelX = (sourceX + targetX) / 2;
    labelY = sourceY - lift * 0.75;
  } else {
    [path, labelX, labelY] = getBezierPath({
      sourceX,
      sourceY,
      sourcePosition,
      targetX,
      targetY,
      targetPosition,
      curvature: 0.3 + lane * 0.12,
    });
    labelY += offset;
  }
  // A label the layout placed has its box's top-left and width; any other is centred on its point.
  const box = route?.label ?? null;
  const style: CSSProperties & { "--pw-label-w"?: string } = box
    ? { transform: `translate(${labelX}px, ${labelY}px)`, "--pw-label-w": `${box.width}px` }
    : { transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` };

  const tone = selected ? "selected" : data?.problem === "error" ? "error" : data?.problem === "warning" ? "warning" : undefined;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={18}
        className={cn("pw-edge", data?.unsaved && "pw-edge-unsaved")}
        data-tone={tone}
        data-diff={data?.diff ?? undefined}
        data-routed={route ? "" : undefined}
      />
      {data ? (
        <EdgeLabelRenderer>
          <button
            type="button"
            tabIndex={-1}
            className={cn("pw-edge-label nodrag nopan", selected && "pw-edge-label-selected")}
            data-tone={tone}
            data-diff={data.diff ?? undefined}
            data-placed={box ? "" : undefined}
            data-edge={id}
            style={style}
            onClick={() => (data.diff === "removed" ? undefined : void store.selectEdge(id))}
            title={`${data.name}${data.hotkey ? ` (${data.hotkey})` : ""}`}
          >
            {data.hotkey ? <kbd className="pw-kbd">{data.hotkey}</kbd> : null}
            <span className="truncate">{data.name}</span>
          </button>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
});
