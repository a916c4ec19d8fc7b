/** Seconds as "0 s", "42 s", "3 min 12 s", "1 h 4 min". */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
}

/** A UTC day (`YYYY-MM-DD`) as "Nov 25". */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** How each quota kind reads in the Studio; a kind the API adds later shows under its own name. */
export const QUOTA_LABELS: Record<string, { label: string; hint: string }> = {
  generation: { label: "World generations", hint: "Generate and import" },
  seed_frame: { label: "Seed frames", hint: "Painted frames" },
  say: { label: "Say", hint: "Character dialogue" },
  tts: { label: "Text to speech", hint: "Voiced lines" },
  vision_ground: { label: "Vision: ground", hint: "Finding things" },
  vision_describe: { label: "Vision: describe", hint: "Describing a frame" },
  vision_check: { label: "Vision: check", hint: "Checking a frame" },
  edit: { label: "Edits", hint: "AI edits of a world" },
};

export const humanizeKind = (kind: string) => QUOTA_LABELS[kind]?.label ?? kind.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
