import { SIM } from "@/lib/sim/browser";
import { HISTORY, type Sample } from "./use-simulation";

const W = 400;
const H = 120;
const TOP = 8;
const BOTTOM = 18;

/**
 * The observation over the last steps: the left and right proximity (0 = touching, 1 = nothing
 * within range) as two lines, and each collision spike as a bar up the whole plot.
 */
export function SensorPlot({ history }: { history: readonly Sample[] }) {
  const first = history[0]?.step ?? 0;
  const x = (step: number) => ((step - first) / Math.max(1, HISTORY - 1)) * W;
  const y = (v: number) => TOP + (1 - v) * (H - TOP - BOTTOM);
  const line = (pick: (s: Sample) => number) => history.map((s) => `${x(s.step).toFixed(1)},${y(pick(s)).toFixed(1)}`).join(" ");
  const spikes = history.filter((s) => s.collision === 1);
  return (
    <figure className="space-y-1.5">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Proximity and collisions over the last ${history.length} steps`}
        data-testid="sim-plot"
        data-points={history.length}
        data-spikes={spikes.length}
      >
        <rect x={0} y={0} width={W} height={H} rx={6} fill="var(--color-subtle)" />
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line
              x1={0}
              x2={W}
              y1={y(v)}
              y2={y(v)}
              stroke="var(--color-line-strong)"
              strokeWidth={0.6}
              strokeDasharray={v === 0.5 ? "3 3" : undefined}
            />
            <text x={W - 4} y={y(v) - 2} fontSize={9} textAnchor="end" fill="var(--color-fg-subtle)">
              {v}
            </text>
          </g>
        ))}
        {spikes.map((s) => (
          <line
            key={s.step}
            data-testid="sim-spike"
            x1={x(s.step)}
            x2={x(s.step)}
            y1={TOP}
            y2={H - BOTTOM}
            stroke="var(--color-danger)"
            strokeWidth={2.5}
            strokeOpacity={0.75}
          />
        ))}
        <polyline points={line((s) => s.left)} fill="none" stroke="var(--color-accent)" strokeWidth={1.8} strokeLinejoin="round" />
        <polyline
          points={line((s) => s.right)}
          fill="none"
          stroke="var(--color-warning-text)"
          strokeWidth={1.8}
          strokeLinejoin="round"
          strokeDasharray="5 3"
        />
        <text x={4} y={H - 5} fontSize={9} fill="var(--color-fg-subtle)">
          step {first}
        </text>
        <text x={W - 4} y={H - 5} fontSize={9} textAnchor="end" fill="var(--color-fg-subtle)">
          {history.length > 1 ? `step ${history[history.length - 1]!.step}` : ""}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-accent" aria-hidden="true" /> Left proximity
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded border-t-2 border-dashed border-warning-text" aria-hidden="true" /> Right proximity
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-0.5 rounded bg-danger" aria-hidden="true" /> Collision
        </span>
        <span className="text-fg-subtle">1 = nothing within {SIM.rayRange} m, 0 = touching</span>
      </figcaption>
    </figure>
  );
}
