import { SIM, type Observation, type Pose, type Rgb, type Room } from "@/lib/sim/browser";

const css = (c: Rgb) => `rgb(${c[0]} ${c[1]} ${c[2]})`;
/** Metres of margin round the room, for the exits' labels. */
const PAD = 0.9;

/** Where a ray from the agent's rim ends: at the hit (proximity < 1) or at the end of its range. */
function rayEnd(pose: Pose, angle: number, proximity: number) {
  const length = SIM.agentRadius + proximity * SIM.rayRange;
  return { x: pose.x + Math.cos(angle) * length, y: pose.y + Math.sin(angle) * length };
}

/**
 * The room seen from above, the far wall on top (the agent enters at the bottom, facing up):
 * the floor in the room's colour, walls, exits (coloured gaps labelled with their event),
 * objects as labelled discs, and the agent with its heading and its two proximity rays (a dot
 * where one hits; the panel's list says what).
 */
export function RoomMap({ room, pose, observation }: { room: Room; pose: Pose; observation: Observation }) {
  const { width, depth } = room;
  // Room metres → SVG: x as is, y flipped so that the far wall is on top.
  const Y = (y: number) => depth - y;
  const rays = [
    { angle: pose.heading + SIM.rayAngle, value: observation.proximity[0], name: "left" },
    { angle: pose.heading - SIM.rayAngle, value: observation.proximity[1], name: "right" },
  ];
  const nose = { x: pose.x + Math.cos(pose.heading) * SIM.agentRadius * 1.6, y: pose.y + Math.sin(pose.heading) * SIM.agentRadius * 1.6 };
  const font = Math.max(0.28, Math.min(width, depth) / 28);

  return (
    <svg
      viewBox={`${-PAD} ${-PAD} ${width + 2 * PAD} ${depth + 2 * PAD}`}
      className="mx-auto block h-auto max-h-[26rem] w-full select-none"
      role="img"
      aria-label={`Room of ${room.stateId} from above: ${room.objects.length} things, ${room.exits.length} exits; the agent at ${pose.x.toFixed(2)}, ${pose.y.toFixed(2)} m`}
      data-testid="sim-map"
      data-pose={`${pose.x.toFixed(3)},${pose.y.toFixed(3)},${pose.heading.toFixed(3)}`}
    >
      <rect x={0} y={0} width={width} height={depth} fill={css(room.palette.floor)} />
      <g fill="none" stroke="var(--color-fg)" strokeLinecap="round">
        {room.walls
          .filter((w) => w.exit < 0)
          .map((w, i) => (
            <line key={i} x1={w.ax} y1={Y(w.ay)} x2={w.bx} y2={Y(w.by)} strokeWidth={0.12} />
          ))}
      </g>
      {room.exits.map((e, i) => {
        const mx = (e.ax + e.bx) / 2;
        const my = (e.ay + e.by) / 2;
        // The label sits outside the wall the exit is in.
        const out = { x: mx < 0.01 ? -1 : mx > width - 0.01 ? 1 : 0, y: my < 0.01 ? -1 : my > depth - 0.01 ? 1 : 0 };
        const lx = mx + out.x * 0.2;
        const ly = my + out.y * 0.45;
        return (
          <g key={`exit-${i}`} data-testid="sim-exit">
            <line
              x1={e.ax}
              y1={Y(e.ay)}
              x2={e.bx}
              y2={Y(e.by)}
              stroke={css(room.palette.exit)}
              strokeWidth={0.22}
              strokeDasharray="0.18 0.08"
            />
            <text
              x={lx}
              y={Y(ly)}
              fontSize={font}
              textAnchor={out.x < 0 ? "end" : out.x > 0 ? "start" : "middle"}
              dominantBaseline="middle"
              fill="var(--color-accent-text)"
              fontWeight={600}
              transform={out.x !== 0 ? `rotate(${out.x > 0 ? 90 : -90} ${lx} ${Y(ly)})` : undefined}
              style={out.x !== 0 ? { textAnchor: "middle" } : undefined}
            >
              {e.label} → {e.to}
            </text>
          </g>
        );
      })}
      {room.objects.map((o, i) => (
        <g key={`object-${i}`}>
          <circle cx={o.x} cy={Y(o.y)} r={o.r} fill={css(o.color)} stroke="var(--color-fg)" strokeOpacity={0.5} strokeWidth={0.04} />
          <text
            x={o.x}
            y={Y(o.y) + o.r + font * 0.9}
            fontSize={font * 0.9}
            textAnchor="middle"
            fill="var(--color-fg)"
            paintOrder="stroke"
            stroke="var(--color-surface)"
            strokeWidth={font * 0.25}
          >
            {o.label}
            {o.override >= 0 ? " ✦" : ""}
          </text>
        </g>
      ))}
      {rays.map((ray) => {
        const start = rayEnd(pose, ray.angle, 0);
        const end = rayEnd(pose, ray.angle, ray.value);
        const hit = ray.value < 1;
        return (
          <g key={ray.name} data-testid={`sim-ray-${ray.name}`}>
            <line
              x1={start.x}
              y1={Y(start.y)}
              x2={end.x}
              y2={Y(end.y)}
              stroke={hit ? "var(--color-danger)" : "var(--color-fg-subtle)"}
              strokeWidth={0.05}
              strokeDasharray={hit ? undefined : "0.12 0.1"}
            />
            {hit ? <circle cx={end.x} cy={Y(end.y)} r={0.09} fill="var(--color-danger)" /> : null}
          </g>
        );
      })}
      <g data-testid="sim-agent">
        <circle
          cx={pose.x}
          cy={Y(pose.y)}
          r={SIM.agentRadius}
          fill="var(--color-accent)"
          stroke="var(--color-surface)"
          strokeWidth={0.05}
        />
        <line x1={pose.x} y1={Y(pose.y)} x2={nose.x} y2={Y(nose.y)} stroke="var(--color-accent)" strokeWidth={0.09} strokeLinecap="round" />
      </g>
    </svg>
  );
}
