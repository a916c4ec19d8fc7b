"use client";

// The usage charts (recharts), loaded on demand by usage-history.tsx: the app page's first load
// does not carry the chart library.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageHistory } from "@/components/api/types";
import { formatSeconds, humanizeKind, isOfKind, secondsAxis, shortDay } from "./format";

/** Series colours, told apart in both themes; the legend and tooltip name each series. */
const PALETTE = ["#7c3aed", "#0891b2", "#d97706", "#db2777", "#16a34a", "#2563eb", "#dc2626", "#64748b"];
/** Worlds beyond this many are summed as "Other worlds": a legend of 30 names reads as none. */
const MAX_SERIES = 6;

const axis = { stroke: "var(--line-strong)", tick: { fill: "var(--fg-muted)", fontSize: 11 }, tickLine: false } as const;
const tooltipStyle = {
  background: "var(--surface)",
  border: "1px solid var(--line-strong)",
  borderRadius: 8,
  fontSize: 12,
  color: "var(--fg)",
} as const;

interface Series {
  key: string;
  name: string;
}

function StackedBars({ data, series, seconds }: { data: Record<string, string | number>[]; series: Series[]; seconds: boolean }) {
  const format = (value: number) => (seconds ? formatSeconds(value) : value.toLocaleString("en"));
  // The largest stacked bar decides the axis's one unit; its labels stay short enough never to wrap.
  const max = Math.max(0, ...data.map((row) => series.reduce((sum, s) => sum + Number(row[s.key] ?? 0), 0)));
  const time = seconds ? secondsAxis(max) : null;
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--line)" />
        <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
        <YAxis
          {...axis}
          width={time ? 52 : 40}
          allowDecimals={false}
          tickFormatter={time ? time.format : format}
          {...(time ? { ticks: time.ticks, domain: [0, time.ticks[time.ticks.length - 1]!] } : {})}
        />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: "var(--subtle)" }} formatter={(value) => format(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12, color: "var(--fg-muted)" }} />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="all"
            fill={PALETTE[i % PALETTE.length]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Units of each quota kind used per day; only the kinds used in the window get a series. */
export function QuotaChart({ history }: { history: UsageHistory }) {
  const kinds = Object.keys(history.days[0]?.quotas ?? {}).filter((kind) =>
    history.days.some((d) => (d.quotas as Record<string, number>)[kind]! > 0),
  );
  const data = history.days.map((d) => ({ label: shortDay(d.day), ...d.quotas }));
  return <StackedBars data={data} series={kinds.map((kind) => ({ key: kind, name: humanizeKind(kind) }))} seconds={false} />;
}

type Kind = "world" | "character";

/** Seconds of `metric` per day and per world or per character, never both (the largest MAX_SERIES, the rest as one). */
export function WorldTimeChart({ history, metric, kind }: { history: UsageHistory; metric: "sessionSeconds" | "chatSeconds"; kind: Kind }) {
  const worlds = history.worlds.filter((w) => isOfKind(w, kind) && w[metric] > 0).sort((a, b) => b[metric] - a[metric]);
  const shown = worlds.slice(0, worlds.length > MAX_SERIES ? MAX_SERIES - 1 : MAX_SERIES);
  const rest = worlds.slice(shown.length);
  const data = history.days.map((d) => {
    const row: Record<string, string | number> = { label: shortDay(d.day) };
    for (const w of shown) row[w.id] = w.days.find((x) => x.day === d.day)?.[metric] ?? 0;
    if (rest.length) row.other = rest.reduce((sum, w) => sum + (w.days.find((x) => x.day === d.day)?.[metric] ?? 0), 0);
    return row;
  });
  const series = shown.map((w) => ({
    key: w.id,
    name: w.name ?? (kind === "character" ? "Deleted character" : "Deleted world or character"),
  }));
  if (rest.length) series.push({ key: "other", name: `${rest.length} other${rest.length === 1 ? "" : "s"}` });
  return <StackedBars data={data} series={series} seconds />;
}
