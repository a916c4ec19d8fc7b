/** How the Studio writes dates and times (English, the reader's time zone). */

const dateFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/**
 * When a scheduled moment comes, counted from `now`: "in 45 s", "in 2 min", "in 3 h", and
 * "due now" once it has passed (the job takes it up any moment). Never "just now" for a time
 * that is still ahead.
 */
export function formatUntil(iso: string, now: number = Date.now()): string {
  const seconds = Math.ceil((new Date(iso).getTime() - now) / 1000);
  if (seconds <= 0) return "due now";
  if (seconds < 60) return `in ${seconds} s`;
  if (seconds < 3600) return `in ${Math.ceil(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `in ${Math.round(seconds / 3600)} h`;
  return `in ${Math.round(seconds / 86400)} days`;
}
