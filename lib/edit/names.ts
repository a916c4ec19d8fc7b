import { ApiError } from "@/lib/errors";
import { hasState, namesOfState, shownNameOf, type World } from "@/lib/kernel";

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

/** The key two names share when they are the same name written differently: case, articles and punctuation aside. */
export function normalizeName(text: string): string {
  let s = nameOf(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  while (ARTICLE.test(s)) s = s.replace(ARTICLE, "");
  return s.trim();
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

const listed = (names: string[]): string =>
  names.length === 1 ? q(names[0]!) : `${names.slice(0, -1).map(q).join(", ")} or ${q(names[names.length - 1]!)}`;

/** One thing an instruction may name: what it resolves to, every name it answers to, and the one to suggest. */
export interface Candidate {
  target: string;
  names: readonly string[];
  shown: string;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unique = (xs: string[]): string[] => [...new Set(xs)];

/**
 * Resolves `text` among `candidates`: exactly as written, else by any of its names in normalized
 * form (case, articles, punctuation forgiven), else as the first whole words of exactly one
 * candidate's name (the canvas cuts long names with "…"). A miss throws 422 naming the closest
 * candidates by the name a person sees (a few edits away, or containing the name as whole words).
 */
export function resolveName(text: string, candidates: readonly Candidate[], what: string, exact: (name: string) => boolean): string {
  const written = nameOf(text);
  if (exact(written)) return written;
  const key = normalizeName(text);
  const keyed = candidates.map((c) => ({ c, keys: unique(c.names.map(normalizeName).filter((n) => n !== "")) }));
  const same = keyed.filter(({ keys }) => keys.includes(key)).map(({ c }) => c);
  if (same.length === 1) return same[0]!.target;
  if (same.length > 1)
    throw new ApiError(
      "validation_failed",
      `${q(written)} could be the ${what} ${listed(same.map((c) => c.target))}; quote the exact name.`,
    );
  if (key.length >= 3) {
    const starts = keyed.filter(({ keys }) => keys.some((n) => n.startsWith(`${key} `))).map(({ c }) => c);
    if (starts.length === 1) return starts[0]!.target;
  }
  const max = Math.max(1, Math.floor(key.length / 4));
  const words = new RegExp(`(^| )${escape(key)}( |$)`);
  const near = keyed
    .map(({ c, keys }) => ({
      c,
      d: Math.min(...keys.map((n) => (key !== "" && words.test(n) ? 0 : distance(key, n, max)))),
      whole: keys.some((n) => key !== "" && words.test(n)),
    }))
    .filter(({ d }) => d <= max)
    .sort((x, y) => x.d - y.d)
    .slice(0, 3);
  const shown = unique(near.map(({ c }) => c.shown));
  if (near.length > 1 && near.every(({ whole }) => whole)) {
    throw new ApiError("validation_failed", `${q(written)} is ambiguous: did you mean the ${what} ${listed(shown)}? Quote the exact name.`);
  }
  if (near.length > 0) throw new ApiError("validation_failed", `No ${what} is called ${q(written)}; did you mean ${listed(shown)}?`);
  const some = unique(candidates.map((c) => c.shown)).slice(0, 8);
  const rest = candidates.length > some.length ? ` and ${candidates.length - some.length} more` : "";
  throw new ApiError(
    "validation_failed",
    `No ${what} is called ${q(written)}${some.length > 0 ? ` (there are ${some.map(q).join(", ")}${rest})` : ""}.`,
  );
}

const plain = (names: readonly string[]): Candidate[] => names.map((n) => ({ target: n, names: [n], shown: n }));

/** A state by its id or any name the Studio shows for it (the canvas's name, its frame's caption, its id in words). */
export function resolveState(world: World, text: string): string {
  const candidates = Object.keys(world.scene.states).map((id) => ({
    target: id,
    names: namesOfState(world, id),
    shown: shownNameOf(world, id),
  }));
  return resolveName(text, candidates, "state", (name) => hasState(world, name));
}

/** An event leaving `from`, by name. */
export function resolveEvent(world: World, from: string, text: string): string {
  const names = world.scene.events.filter((e) => e.from === from).map((e) => e.name);
  return resolveName(text, plain(names), `event from ${q(shownNameOf(world, from))}`, (name) => names.includes(name));
}

/** A variant of `state`, by id or label. */
export function resolveVariant(world: World, state: string, text: string): string {
  const variants = world.scene.states[state]?.variants ?? [];
  const byLabel = variants.find((v) => v.label !== undefined && normalizeName(v.label) === normalizeName(text));
  if (byLabel) return byLabel.id;
  const ids = variants.map((v) => v.id);
  return resolveName(text, plain(ids), `variant of ${q(state)}`, (name) => ids.includes(name));
}

/** An id made from a label: "Rainy night" → "rainy-night". */
export function slugOf(label: string): string {
  return (
    normalizeName(label)
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "variant"
  );
}
