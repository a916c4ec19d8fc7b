"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { cn } from "@/components/ui/cn";
import { NODE_HEIGHT } from "./layout";
import type { TransitionEdgeType } from "./graph-model";
import { useEditorStore } from "./use-editor";

/** A transition: a curve from the source's right to the target's left, labelled with its hotkey and name. */
export const TransitionEdge = memo(function TransitionEdge(props: EdgeProps<TransitionEdgeType>) {
  const { id, source, target, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd } = props;
  const store = useEditorStore();
  const lane = data?.lane ?? 0;
  const lanes = data?.lanes ?? 1;
  const offset = (lane - (lanes - 1) / 2) * 26;

  let path: string;
  let labelX: number;
  let labelY: number;
  if (source === target) {
    // A self-loop arcs over the top of its state.
    const lift = NODE_HEIGHT / 2 + 46 + lane * 22;
    path = `M ${sourceX} ${sourceY} C ${sourceX + 70} ${sourceY - lift}, ${targetX - 70} ${targetY - lift}, ${targetX} ${targetY}`;
    labelX = (sourceX + targetX) / 2;
    labelY = sourceY - lift * 0.75;
  } else {
    [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition, curvature: 0.3 + lane * 0.12 });
    labelY += offset;
  }

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
      />
      {data ? (
        <EdgeLabelRenderer>
          <button
            type="button"
            tabIndex={-1}
            className={cn("pw-edge-label nodrag nopan", selected && "pw-edge-label-selected")}
            data-tone={tone}
            data-diff={data.diff ?? undefined}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
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
