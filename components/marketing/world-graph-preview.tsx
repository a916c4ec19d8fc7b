import Link from "next/link";
import { BookOpenIcon, ImageIcon, PenLineIcon, SparklesIcon } from "@/components/ui/icons";

interface NodeSpec {
  x: number;
  y: number;
  label: string;
  thumb: string;
  badge?: "Entrance" | "Ending";
}

const NODES: NodeSpec[] = [
  { x: 24, y: 142, label: "Harbor at dusk", thumb: "dusk", badge: "Entrance" },
  { x: 245, y: 40, label: "Lighthouse stair", thumb: "stair" },
  { x: 245, y: 244, label: "Tide caves", thumb: "caves" },
  { x: 466, y: 40, label: "Lantern room", thumb: "lantern", badge: "Ending" },
  { x: 466, y: 244, label: "Sunken bell", thumb: "bell" },
];

const EDGES = [
  { d: "M174 190 C 212 190, 207 88, 243 88", label: "climb", key: "W", at: [209, 139] },
  { d: "M174 190 C 212 190, 207 292, 243 292", label: "wade", key: "S", at: [209, 241] },
  { d: "M395 88 L 464 88", label: "ascend", key: "E", at: [430, 88] },
  { d: "M395 292 L 464 292", label: "dive", key: "D", at: [430, 292] },
  { d: "M541 244 C 541 190, 320 196, 320 138", label: "ring the bell", key: "R", at: [430, 190] },
] as const;

const THUMBS: Record<string, [string, string]> = {
  dusk: ["#f59e0b", "#7c3aed"],
  stair: ["#64748b", "#312e81"],
  caves: ["#0d9488", "#1e3a8a"],
  lantern: ["#fbbf24", "#e11d48"],
  bell: ["#22d3ee", "#1d4ed8"],
};

function EdgeLabel({ at, label, hotkey }: { at: readonly [number, number]; label: string; hotkey: string }) {
  const width = label.length * 5.6 + 30;
  return (
    <g transform={`translate(${at[0] - width / 2} ${at[1] - 10})`}>
      <rect width={width} height="20" rx="10" className="fill-surface stroke-line-strong" strokeWidth="1" />
      <text x="9" y="13.5" fontSize="10" className="fill-fg-muted">
        {label}
      </text>
      <rect x={width - 19} y="4" width="13" height="12" rx="3" className="fill-subtle stroke-line-strong" strokeWidth="1" />
      <text x={width - 12.5} y="13" fontSize="8.5" textAnchor="middle" fontWeight="600" className="fill-fg-muted font-mono">
        {hotkey}
      </text>
    </g>
  );
}

/** The premise the picture shows: "Generate" starts the create flow with it. */
export const PREVIEW_PREMISE = "What if a lighthouse keeper could rewind the tide?";

/**
 * A picture of the Studio's graph editor for the landing page. The graph is decorative; the
 * "Generate" pill is a real link (`generateHref`) into the create flow with the premise shown.
 */
export function WorldGraphPreview({ generateHref }: { generateHref: string }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-surface shadow-lg">
      <div className="space-y-3 border-b border-line px-4 py-3">
        <div className="flex w-fit rounded-lg bg-subtle p-0.5 text-xs font-medium" aria-hidden="true">
          <span className="flex items-center gap-1.5 rounded-md bg-surface px-2.5 py-1 text-fg shadow-xs">
            <PenLineIcon className="size-3.5" /> Premise
          </span>
          <span className="flex items-center gap-1.5 px-2.5 py-1 text-fg-muted">
            <ImageIcon className="size-3.5" /> Seed image
          </span>
          <span className="flex items-center gap-1.5 px-2.5 py-1 text-fg-muted">
            <BookOpenIcon className="size-3.5" /> Book chapter
          </span>
        </div>
        <div className="flex items-center gap-3 rounded-lg border border-line-strong bg-canvas py-1.5 pr-1.5 pl-3">
          <p className="min-w-0 flex-1 truncate text-[13px] text-fg">{PREVIEW_PREMISE}</p>
          <Link
            href={generateHref}
            className="flex shrink-0 items-center gap-1.5 rounded-md bg-accent px-2.5 py-1 text-xs font-medium text-accent-fg transition-colors hover:bg-accent-hover focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            <SparklesIcon className="size-3.5" /> Generate<span className="sr-only"> a world from this premise</span>
          </Link>
        </div>
      </div>
      <div className="bg-[radial-gradient(var(--line-strong)_1px,transparent_1px)] [background-size:16px_16px]">
        <svg
          viewBox="0 0 640 380"
          className="block h-auto w-full"
          role="img"
          aria-label="A world graph generated from a premise: five states such as Harbor at dusk and Lantern room, joined by events such as climb and dive."
        >
          <defs>
            {Object.entries(THUMBS).map(([id, [from, to]]) => (
              <linearGradient key={id} id={`pw-thumb-${id}`} x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor={from} />
                <stop offset="1" stopColor={to} />
              </linearGradient>
            ))}
            <marker id="pw-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0 0 8 4 0 8z" className="fill-fg-subtle" />
            </marker>
          </defs>
          {EDGES.map((edge) => (
            <path key={edge.d} d={edge.d} fill="none" strokeWidth="1.5" className="stroke-fg-subtle" markerEnd="url(#pw-arrow)" />
          ))}
          {NODES.map((node) => (
            <g key={node.label} transform={`translate(${node.x} ${node.y})`}>
              <rect
                width="150"
                height="96"
                rx="10"
                className={node.badge === "Entrance" ? "fill-surface stroke-accent" : "fill-surface stroke-line-strong"}
                strokeWidth={node.badge === "Entrance" ? 1.75 : 1}
              />
              <rect x="6" y="6" width="138" height="54" rx="6" fill={`url(#pw-thumb-${node.thumb})`} opacity="0.92" />
              {node.badge ? (
                <g transform="translate(12 12)">
                  <rect width={node.badge === "Entrance" ? 52 : 42} height="16" rx="8" fill="black" fillOpacity="0.45" />
                  <text x={node.badge === "Entrance" ? 26 : 21} y="11.2" fontSize="9" fontWeight="600" textAnchor="middle" fill="white">
                    {node.badge}
                  </text>
                </g>
              ) : null}
              <text x="12" y="80" fontSize="12" fontWeight="600" className="fill-fg">
                {node.label}
              </text>
            </g>
          ))}
          {EDGES.map((edge) => (
            <EdgeLabel key={edge.label} at={edge.at} label={edge.label} hotkey={edge.key} />
          ))}
        </svg>
      </div>
    </figure>
  );
}
