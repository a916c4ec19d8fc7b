"use client";

import { useMemo, useRef, type KeyboardEvent } from "react";
import type { Version } from "@/components/api/versions";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { cn } from "@/components/ui/cn";
import { layoutTree } from "./layout-tree";

/** The pseudo-row of the working graph above HEAD. */
export const WORKING = "working";

const ROW = 52;
const LANE = 20;
const PAD = 16;
const DOT = 5;

// One hue per branch; lane 0 (the first line of history) is the accent.
const LANE_COLORS = [
  "var(--accent)",
  "oklch(0.66 0.13 215)",
  "oklch(0.68 0.15 155)",
  "oklch(0.74 0.14 70)",
  "oklch(0.66 0.19 350)",
  "oklch(0.62 0.1 260)",
];
const laneColor = (lane: number) => LANE_COLORS[lane % LANE_COLORS.length]!;

/** From a child (above) down to its parent: straight in one lane, else down its own lane and curving in. */
function edgePath(cx: number, cy: number, px: number, py: number): string {
  if (cx === px) return `M ${cx} ${cy} L ${px} ${py}`;
  return `M ${cx} ${cy} L ${cx} ${py - ROW * 0.55} C ${cx} ${py - ROW * 0.15} ${px} ${py - ROW * 0.35} ${px} ${py}`;
}

export const shortRev = (rev: string) => rev.slice(0, 7);
export const versionTitle = (version: Pick<Version, "title">) => version.title.trim() || "Untitled snapshot";

interface VersionTreeProps {
  versions: Version[];
  workingRev: string;
  selected: string;
  onSelect: (id: string) => void;
  /** The working graph differs from HEAD (null while unknown). */
  workingDirty: boolean | null;
}

/**
 * The branching version tree as a commit graph: newest on top, a lane per branch, HEAD marked,
 * and the working graph above HEAD. A WAI-ARIA tree: arrow keys, Home and End move the selection.
 */
export function VersionTree({ versions, workingRev, selected, onSelect, workingDirty }: VersionTreeProps) {
  const hasHead = versions.some((v) => v.isHead);
  const layout = useMemo(() => layoutTree(versions), [versions]);
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const head = layout.nodes.find((n) => n.version.isHead) ?? null;
  // The working graph sits in HEAD's lane, unless newer versions of that lane are in the way
  // (HEAD was restored to an older version): then it gets a lane of its own.
  const headBlocked = head !== null && layout.nodes.some((n) => n.lane === head.lane && n.row < head.row);
  const workingLane = head ? (headBlocked ? layout.lanes : head.lane) : 0;
  const width = PAD * 2 + Math.max(layout.lanes - 1, workingLane, 0) * LANE;
  const rows = layout.nodes.length + 1;
  const x = (lane: number) => PAD + lane * LANE;
  // Row 0 is the working graph; versions start at row 1.
  const y = (row: number) => (row + 0.5) * ROW;

  const order = [WORKING, ...layout.nodes.map((n) => n.version.versionId)];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = order.indexOf(selected);
    let next: number | null = null;
    if (event.key === "ArrowDown") next = Math.min(index + 1, order.length - 1);
    else if (event.key === "ArrowUp") next = Math.max(index - 1, 0);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = order.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = order[next]!;
    onSelect(id);
    itemRefs.current.get(id)?.focus();
  }

  const itemClass = (active: boolean) =>
    cn(
      "relative flex w-full cursor-pointer items-center rounded-lg pr-3 text-left transition-colors outline-none",
      "focus-visible:ring-2 focus-visible:ring-ring/60",
      active ? "bg-accent-soft/70" : "hover:bg-subtle",
    );

  return (
    <div className="relative" style={{ minHeight: rows * ROW }}>
      <svg className="pointer-events-none absolute top-0 left-0 z-10" width={width} height={rows * ROW} aria-hidden="true">
        {/* The working graph hangs off HEAD with a dashed line. */}
        {head ? (
          <path
            d={edgePath(x(workingLane), y(0), x(head.lane), y(head.row + 1))}
            fill="none"
            stroke="var(--fg-subtle)"
            strokeWidth={1.75}
            strokeDasharray="3 4"
          />
        ) : null}
        {layout.nodes.map((node) => {
          if (!node.parent) return null;
          const cx = x(node.lane);
          const cy = y(node.row + 1);
          const px = x(node.parent.lane);
          const py = y(node.parent.row + 1);
          return (
            <path
              key={node.version.versionId}
              d={edgePath(cx, cy, px, py)}
              fill="none"
              stroke={laneColor(node.lane)}
              strokeWidth={2}
              strokeLinecap="round"
            />
          );
        })}
        <circle
          cx={x(workingLane)}
          cy={y(0)}
          r={DOT}
          fill="var(--surface)"
          stroke="var(--fg-subtle)"
          strokeWidth={1.75}
          strokeDasharray="2.5 2"
        />
        {layout.nodes.map((node) => {
          const color = laneColor(node.lane);
          const cx = x(node.lane);
          const cy = y(node.row + 1);
          return node.version.isHead ? (
            <g key={node.version.versionId}>
              <circle cx={cx} cy={cy} r={DOT + 4} fill={color} fillOpacity={0.18} />
              <circle cx={cx} cy={cy} r={DOT + 1} fill={color} stroke="var(--surface)" strokeWidth={2} />
            </g>
          ) : (
            <circle key={node.version.versionId} cx={cx} cy={cy} r={DOT} fill="var(--surface)" stroke={color} strokeWidth={2.25} />
          );
        })}
      </svg>

      <div role="tree" aria-label="Version tree" onKeyDown={onKeyDown} className="relative">
        <div
          role="treeitem"
          aria-level={1}
          aria-selected={selected === WORKING}
          tabIndex={selected === WORKING ? 0 : -1}
          ref={(el) => {
            if (el) itemRefs.current.set(WORKING, el);
            else itemRefs.current.delete(WORKING);
          }}
          onClick={() => onSelect(WORKING)}
          className={itemClass(selected === WORKING)}
          style={{ height: ROW, paddingLeft: width + 4 }}
        >
          <span className="min-w-0">
            <span className="flex items-center gap-2 text-[13px] font-medium text-fg">
              Working graph
              {workingDirty ? (
                <span className="rounded-full bg-warning-soft px-1.5 py-px text-[11px] font-medium text-warning-text">
                  changed since HEAD
                </span>
              ) : null}
            </span>
            <span className="block truncate text-xs text-fg-muted" title={`rev ${shortRev(workingRev)}`}>
              {workingDirty || !hasHead ? "what players play now" : "same as HEAD"}
            </span>
          </span>
        </div>
        {layout.nodes.map((node) => {
          const version = node.version;
          const active = selected === version.versionId;
          return (
            <div
              key={version.versionId}
              role="treeitem"
              aria-level={node.depth + 1}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              data-version-id={version.versionId}
              ref={(el) => {
                if (el) itemRefs.current.set(version.versionId, el);
                else itemRefs.current.delete(version.versionId);
              }}
              onClick={() => onSelect(version.versionId)}
              className={itemClass(active)}
              style={{ height: ROW, paddingLeft: width + 4 }}
            >
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      "truncate text-[13px] font-medium",
                      version.title.trim() ? "text-fg" : "font-normal text-fg-muted italic",
                    )}
                  >
                    {versionTitle(version)}
                  </span>
                  {version.isHead ? (
                    <span className="shrink-0 rounded-full bg-accent px-1.5 py-px text-[10px] font-semibold tracking-wide text-accent-fg">
                      HEAD
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-fg-muted" title={`rev ${shortRev(version.rev)}`}>
                  taken{" "}
                  <time dateTime={version.createdAt} title={formatDateTime(version.createdAt)}>
                    {formatRelative(version.createdAt)}
                  </time>
                </span>
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
