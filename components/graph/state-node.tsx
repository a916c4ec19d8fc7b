"use client";

import { Handle, Position, useConnection, type NodeProps } from "@xyflow/react";
import { memo, useState, type CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { AlertTriangleIcon } from "@/components/ui/icons";
import type { StateNodeType } from "./graph-items";
import { CircleXIcon, DoorIcon, EndingIcon } from "./icons";
import { useEditorStore } from "./use-editor";

const DIFF_LABEL = { added: "added", changed: "changed", removed: "removed" } as const;
const OUTCOME_LABEL = { good: "Good ending", bad: "Bad ending", neutral: "Ending", plain: "Ending" } as const;

function Thumb({ src, hue }: { src: string | null; hue: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- frames are any URL (assets, data:); next/image needs known hosts
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed(src)}
        className="size-full object-cover"
      />
    );
  }
  return (
    <div className="pw-thumb-placeholder size-full" style={{ "--h": hue } as CSSProperties} aria-hidden="true">
      <svg viewBox="0 0 232 56" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-8 w-full">
        <path d="M0 56 L0 36 Q 40 18 80 32 T 160 26 T 232 30 L232 56 Z" className="pw-hill-back" />
        <path d="M0 56 L0 44 Q 60 30 120 42 T 232 40 L232 56 Z" className="pw-hill-front" />
      </svg>
    </div>
  );
}

/** A state on the canvas: thumbnail with its id, entrance and ending badges, its name and the first words of its base, override chips; far out, its name alone, at a size that reads. */
export const StateNode = memo(function StateNode({ id, data, selected }: NodeProps<StateNodeType>) {
  const store = useEditorStore();
  const connectingHere = useConnection((c) => c.inProgress && c.fromNode.id !== id);
  const ending = data.ending;

  return (
    <div
      className={cn("pw-node", selected && "pw-node-selected")}
      data-kind={data.entrance ? "entrance" : data.ending ? `ending-${data.ending}` : undefined}
      data-problem={data.problem ?? undefined}
      data-unsaved={data.unsaved ?? undefined}
      data-diff={data.diff ?? undefined}
    >
      <Handle type="target" position={Position.Left} isConnectableStart={false} className="pw-handle" />
      {connectingHere ? <Handle type="target" position={Position.Left} isConnectableStart={false} className="pw-drop-target" /> : null}
      <div className="pw-node-card">
        <div className="relative h-14 shrink-0 overflow-hidden border-b border-line">
          <Thumb src={data.thumb} hue={data.hue} />
          <div className="absolute top-1.5 left-1.5 flex gap-1">
            {data.entrance ? (
              <span className="pw-badge pw-badge-entrance">
                <DoorIcon className="size-3" /> Entrance
              </span>
            ) : null}
            {ending ? (
              <span className={cn("pw-badge", `pw-badge-${ending}`)}>
                <EndingIcon className="size-3" /> {OUTCOME_LABEL[ending]}
              </span>
            ) : null}
          </div>
          <span className="pw-node-id absolute right-1.5 bottom-1 max-w-[70%] truncate rounded bg-black/55 px-1 font-mono text-[10px] leading-4 text-white">
            {data.stateId}
          </span>
          {data.problem ? (
            <span
              className={cn("pw-node-problem", data.problem === "error" ? "text-danger-text" : "text-warning-text")}
              title={data.problem === "error" ? "Has errors" : "Has warnings"}
            >
              {data.problem === "error" ? <CircleXIcon className="size-3.5" /> : <AlertTriangleIcon className="size-3.5" />}
            </span>
          ) : null}
        </div>
        <div className="flex min-h-0 flex-1 flex-col px-3 pt-1.5 pb-2">
          <div className="flex items-center gap-1.5">
            <span
              className="pw-node-name truncate font-semibold text-fg"
              title={data.name === data.stateId ? data.stateId : `${data.name} (${data.stateId})`}
            >
              {data.name}
            </span>
            {data.diff ? (
              <span className="pw-diff-tag ml-auto shrink-0" data-diff={data.diff}>
                {DIFF_LABEL[data.diff]}
              </span>
            ) : null}
            {data.unsaved ? (
              <span className="ml-auto shrink-0 rounded bg-accent-soft px-1 text-[10px] leading-4 font-medium text-accent-text">
                {data.unsaved === "new" ? "new" : "edited"}
              </span>
            ) : null}
          </div>
          <p className="pw-node-excerpt line-clamp-2 text-[11.5px] leading-[15px] text-fg-muted">
            {data.excerpt || <span className="text-fg-subtle italic">No description yet</span>}
          </p>
          {data.overrideCount > 0 ? (
            <div className="pw-node-chips mt-auto flex min-w-0 gap-1 overflow-hidden pt-1">
              {data.overrides.map((o) => (
                <button
                  key={o.name}
                  type="button"
                  tabIndex={-1}
                  title={`In-place action “${o.name}”${o.hotkey ? ` (${o.hotkey})` : ""}: plays where the player is`}
                  className="nodrag nopan inline-flex h-[18px] min-w-0 shrink items-center gap-1 rounded border border-line bg-subtle px-1 text-[10.5px] text-fg-muted hover:border-line-strong hover:text-fg"
                  onClick={(event) => {
                    event.stopPropagation();
                    void store.select({ kind: "event", from: data.stateId, name: o.name });
                  }}
                >
                  {o.hotkey ? <kbd className="font-mono text-[10px] text-fg">{o.hotkey}</kbd> : null}
                  <span className="truncate">{o.name}</span>
                </button>
              ))}
              {data.overrideCount > data.overrides.length ? (
                <span className="inline-flex h-[18px] shrink-0 items-center rounded px-1 text-[10.5px] text-fg-subtle">
                  +{data.overrideCount - data.overrides.length}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <div className="pw-node-far" aria-hidden="true">
        <span>{data.name}</span>
      </div>
      <Handle type="source" position={Position.Right} className="pw-handle pw-handle-source" />
    </div>
  );
});
