/** Seconds as "0 s", "42 s", "3 min 12 s", "1 h 4 min". */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
}

const SECOND_STEPS = [5, 10, 15, 20, 30];
const MINUTE_STEPS = [60, 120, 300, 600, 900, 1200, 1800];
const HOUR_STEPS = [3600, 7200, 10800, 21600, 43200, 86400];

/**
 * A time axis up to `max` seconds: round ticks in one unit (at most five steps above zero), and
 * labels of at most six characters that never wrap ("80 s", "4 min", "2 h"); tooltips keep
 * `formatSeconds`. Seconds under two minutes, whole minutes under two hours, hours above.
 */
export function secondsAxis(max: number): { ticks: number[]; format: (seconds: number) => string } {
  const top = Math.max(max, 1);
  const [steps, unit, suffix] = top < 120 ? [SECOND_STEPS, 1, "s"] : top < 7200 ? [MINUTE_STEPS, 60, "min"] : [HOUR_STEPS, 3600, "h"];
  const step = steps.find((s) => top / s <= 5) ?? Math.ceil(top / 5 / unit) * unit;
  const count = Math.ceil(top / step);
  return { ticks: Array.from({ length: count + 1 }, (_, i) => i * step), format: (seconds) => `${Math.round(seconds / unit)} ${suffix}` };
}

/** A row of the usage history is a world or a character; a deleted one (kind null) counts among worlds, its name gone with it. */
export const isOfKind = (row: { kind: "world" | "character" | null }, kind: "world" | "character"): boolean =>
  kind === "character" ? row.kind === "character" : row.kind !== "character";

/** A UTC day (`YYYY-MM-DD`) as "Nov 25". */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * How each quota kind reads in the Studio, and what it meters, by route (docs/usage.md "What each
 * quota counts"): a card says what it counts, so "0 / 500" after a day of painting is not a riddle.
 * A kind the API adds later shows under its own name.
 */
export const QUOTA_LABELS: Record<string, { label: string; hint: string; meters: string }> = {
  generation: {
    label: "World generations",
    hint: "Worlds made",
    meters:
      "POST /v1/worlds (generate or import), POST /v1/characters, each campaign chapter. The frames a generation paints are part of it.",
  },
  seed_frame: {
    label: "Seed frames",
    hint: "Frames on request",
    meters:
      "POST /v1/seed-frame, POST /v1/worlds/{id}/scenes, each frame of a scenario clip, a campaign's portrait. Not the frames painted while a world generates.",
  },
  say: { label: "Say", hint: "Dialogue turns", meters: "POST /v1/characters/{id}/say, one a turn." },
  tts: { label: "Text to speech", hint: "Voiced lines", meters: "POST /v1/tts, one a line." },
  vision_ground: { label: "Vision: ground", hint: "Finding things", meters: "POST /v1/vision/ground, the Vision tab's Find." },
  vision_describe: {
    label: "Vision: describe",
    hint: "Describing a frame",
    meters: "POST /v1/vision/describe, the Vision tab's Describe.",
  },
  vision_check: { label: "Vision: check", hint: "Checking a frame", meters: "POST /v1/vision/check, the Vision tab's Check." },
  edit: { label: "Edits", hint: "Ask bar edits", meters: "POST /v1/worlds/{id}/edit, the Ask bar's previews included." },
};

export const humanizeKind = (kind: string) => QUOTA_LABELS[kind]?.label ?? kind.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
