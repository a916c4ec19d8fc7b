import { ApiError } from "@/lib/errors";
import { hasState, type World } from "@/lib/kernel";

// Names in an instruction are matched forgivingly: quotes, case, leading articles, spaces,
// dashes and underscores do not matter. Anything looser is never guessed: a near miss or a
// name that could be several states is a 422 whose `detail` suggests what was probably meant.

const q = (s: string): string => `"${s}"`;
const QUOTED = /^\s*(?:"([^"]*)"|'([^']*)'|“([^”]*)”|‘([^’]*)’)\s*$/;
const ARTICLE = /^(?:the|a|an)\s+/i;

export function isQuoted(text: string): boolean {
  return QUOTED.test(text);
}

/** The text of a name as written: quotes removed; an unquoted name also loses a leading article. */
export function nameOf(text: string): string {
  const quoted = QUOTED.exec(text);
  if (quoted) return (quoted[1] ?? quoted[2] ?? quoted[3] ?? quoted[4] ?? "").trim();
  return text.trim().replace(ARTICLE, "").trim();
}

/** The key two names share when they are the same name written differently. */
export function normalizeName(text: string): string {
  let s = nameOf(text).toLowerCase().replace(/[\s_-]+/g, " ").trim();
  while (ARTICLE.test(s)) s = s.replace(ARTICLE, "");
  return s.replace(/[.,!?;:]+$/, "").trim();
}

/** Damerau-free Levenshtein distance, stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length] as number;
}

const listed = (names: string[]): string => (names.length === 1 ? q(names[0]!) : `${names.slice(0, -1).map(q).join(", ")} or ${q(names[names.length - 1]!)}`);

/**
 * Resolves `text` among `candidates`: exactly as written, else by its normalized form. A miss
 * throws 422 naming near misses (a few edits away, or containing the name as whole words).
 */
export function resolveName(text: string, candidates: readonly string[], what: string, exact: (name: string) => boolean): string {
  const written = nameOf(text);
  if (exact(written)) return written;
  const key = normalizeName(text);
  const same = candidates.filter((c) => normalizeName(c) === key);
  if (same.length === 1) return same[0]!;
  if (same.length > 1) throw new ApiError("validation_failed", `${q(written)} could be the ${what} ${listed(same)}; quote the exact name.`);
  const max = Math.max(1, Math.floor(key.length / 4));
  const words = new RegExp(`(^| )${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |$)`);
  const near = candidates
    .map((c) => ({ c, n: normalizeName(c) }))
    .map(({ c, n }) => ({ c, d: key !== "" && words.test(n) ? 0 : distance(key, n, max) }))
    .filter(({ d }) => d <= max)
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map(({ c }) => c);
  if (near.length > 1 && near.every((c) => words.test(normalizeName(c)))) {
    throw new ApiError("validation_failed", `${q(written)} is ambiguous: did you mean the ${what} ${listed(near)}? Quote the exact name.`);
  }
  if (near.length > 0) throw new ApiError("validation_failed", `No ${what} is called ${q(written)}; did you mean ${listed(near)}?`);
  const some = candidates.slice(0, 8);
  const rest = candidates.length > some.length ? ` and ${candidates.length - some.length} more` : "";
  throw new ApiError("validation_failed", `No ${what} is called ${q(written)}${some.length > 0 ? ` (there are ${some.map(q).join(", ")}${rest})` : ""}.`);
}

export function resolveState(world: World, text: string): string {
  return resolveName(text, Object.keys(world.scene.states), "state", (name) => hasState(world, name));
}

/** An event leaving `from`, by name. */
export function resolveEvent(world: World, from: string, text: string): string {
  const names = world.scene.events.filter((e) => e.from === from).map((e) => e.name);
  return resolveName(text, names, `event from ${q(from)}`, (name) => names.includes(name));
}

/** A variant of `state`, by id or label. */
export function resolveVariant(world: World, state: string, text: string): string {
  const variants = world.scene.states[state]?.variants ?? [];
  const byLabel = variants.find((v) => v.label !== undefined && normalizeName(v.label) === normalizeName(text));
  if (byLabel) return byLabel.id;
  const ids = variants.map((v) => v.id);
  return resolveName(text, ids, `variant of ${q(state)}`, (name) => ids.includes(name));
}

/** An id made from a label: "Rainy night" → "rainy-night". */
export function slugOf(label: string): string {
  return normalizeName(label).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "") || "variant";
}
