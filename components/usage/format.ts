/** Seconds as "0 s", "42 s", "3 min 12 s", "1 h 4 min". */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
}

/**
 * An axis's tick labels in seconds, one unit for the whole axis chosen by its largest value, so a
 * label is at most six characters and never wraps ("80 s", "1.5 min", "2 h"); tooltips keep
 * `formatSeconds`.
 */
export function axisSeconds(max: number): (seconds: number) => string {
  const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ""));
  if (max < 120) return (s) => `${Math.round(s)} s`;
  if (max < 2 * 3600) return (s) => `${trim(s / 60)} min`;
  return (s) => `${trim(s / 3600)} h`;
}

/** A row of the usage history is a world or a character; a deleted one (kind null) counts among worlds, its name gone with it. */
export const isOfKind = (row: { kind: "world" | "character" | null }, kind: "world" | "character"): boolean => (kind === "character" ? row.kind === "character" : row.kind !== "character");

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
  generation: { label: "World generations", hint: "Worlds and characters made", meters: "POST /v1/worlds (generate or import), POST /v1/characters, each campaign chapter. The frames a generation paints are part of it." },
  seed_frame: { label: "Seed frames", hint: "Frames painted on request", meters: "POST /v1/seed-frame, POST /v1/worlds/{id}/scenes, each frame of a scenario clip, a campaign's portrait. Not the frames painted while a world generates." },
  say: { label: "Say", hint: "Character dialogue turns", meters: "POST /v1/characters/{id}/say, one a turn." },
  tts: { label: "Text to speech", hint: "Voiced lines", meters: "POST /v1/tts, one a line." },
  vision_ground: { label: "Vision: ground", hint: "Finding things", meters: "POST /v1/vision/ground, the Vision tab's Find." },
  vision_describe: { label: "Vision: describe", hint: "Describing a frame", meters: "POST /v1/vision/describe, the Vision tab's Describe." },
  vision_check: { label: "Vision: check", hint: "Checking a frame", meters: "POST /v1/vision/check, the Vision tab's Check." },
  edit: { label: "Edits", hint: "Ask bar edits", meters: "POST /v1/worlds/{id}/edit, the Ask bar's previews included." },
};

export const humanizeKind = (kind: string) => QUOTA_LABELS[kind]?.label ?? kind.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
