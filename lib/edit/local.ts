import { ApiError } from "@/lib/errors";
import { applyOps, askExamples, type Op, type World } from "@/lib/kernel";
import { FORMS, type Form } from "./grammar";

// The `local` editor: an instruction is cut into clauses ("then", ";", sentences, and "and"
// when each side is a whole instruction), each clause is matched against the grammar's forms,
// and each is built against the world as the clauses before it left it, so "add a state
// 'Cellar' after 'Hall' then connect Cellar to Garden" can name what it just made.

export interface Proposal {
  ops: Op[];
  summary: string;
}

const QUOTED_SPAN = /(?<=^|[\s(,;:])(?:'[^']*'|"[^"]*"|“[^”]*”|‘[^’]*’)(?=$|[\s.,;:!?)])/gu;
const STRONG = /\s*;\s*|\.\s+|\s*\n\s*|,?\s+(?:and\s+)?then\s+/giu;
const WEAK = /,?\s+and\s+|,\s+/giu;
const FILLER = /^(?:please|then|and|also|now)\s+|\s+please$/iu;

/** Splits `text` at `separator`, never inside a quoted name. */
function splitOutside(text: string, separator: RegExp): string[] {
  const quoted = [...text.matchAll(QUOTED_SPAN)].map((m) => [m.index, m.index + m[0].length] as const);
  const inside = (at: number) => quoted.some(([start, end]) => at > start && at < end);
  const parts: string[] = [];
  let from = 0;
  for (const m of text.matchAll(separator)) {
    if (inside(m.index)) continue;
    parts.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  parts.push(text.slice(from));
  return parts.map(tidy).filter((p) => p !== "");
}

function tidy(clause: string): string {
  let s = clause
    .trim()
    .replace(/[.!]+$/u, "")
    .trim();
  while (FILLER.test(s)) s = s.replace(FILLER, "").trim();
  return s;
}

interface Clause {
  text: string;
  form: Form;
  groups: Record<string, string | undefined>;
}

function matchForm(text: string): Clause | undefined {
  for (const form of FORMS) {
    const m = form.pattern.exec(text);
    if (m) return { text, form, groups: { ...m.groups } };
  }
  return undefined;
}

/**
 * The one sentence an unreadable clause gets: the clause itself, and two instructions that would
 * work, written with this world's own names (the Ask bar's examples), those sharing the clause's
 * first word first.
 */
function notUnderstood(text: string, world: World | undefined): ApiError {
  const verb = text.split(/\s+/)[0]?.toLowerCase() ?? "";
  const examples = world ? askExamples(world) : FORMS.flatMap((f) => f.examples.slice(0, 1));
  const ranked = [...examples.filter((e) => e.split(" ")[0] === verb), ...examples.filter((e) => e.split(" ")[0] !== verb)].slice(0, 2);
  return new ApiError(
    "validation_failed",
    `Could not read "${text}" as a change to the world; try "${ranked[0]}" or "${ranked[1]}" (docs/edit.md lists every form).`,
  );
}

/** The clauses of an instruction, each matched to a form; throws 422 on the first it cannot read. */
export function readInstruction(instruction: string, world?: World): Clause[] {
  const clauses: Clause[] = [];
  for (const chunk of splitOutside(instruction, STRONG)) {
    // "and" joins two instructions when both sides are one; else it belongs to a name or a text.
    const parts = splitOutside(chunk, WEAK).map(matchForm);
    if (parts.length > 1 && parts.every((p) => p !== undefined)) {
      clauses.push(...(parts as Clause[]));
      continue;
    }
    const whole = matchForm(chunk);
    if (!whole)
      throw notUnderstood(parts.length > 1 ? (splitOutside(chunk, WEAK)[parts.findIndex((p) => p === undefined)] ?? chunk) : chunk, world);
    clauses.push(whole);
  }
  if (clauses.length === 0) throw new ApiError("validation_failed", "The instruction says nothing to do.");
  return clauses;
}

const sentence = (parts: string[]): string => {
  const text = parts.join(", then ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

/** Turns an instruction into a batch of public ops, each clause checked against the world it will meet. */
export function proposeLocalEdit(world: World, instruction: string): Proposal {
  const ops: Op[] = [];
  const summaries: string[] = [];
  let current = world;
  for (const clause of readInstruction(instruction, world)) {
    const built = clause.form.build(clause.groups, current);
    const applied = applyOps(current, built.ops);
    if (applied.applyErrors.length > 0) {
      const why = applied.applyErrors.map((e) => e.replace(/^ops\[\d+\] \([a-z_]+\): /, "")).join("; ");
      throw new ApiError("validation_failed", `The instruction could not be turned into ops: "${clause.text}" cannot apply (${why}).`);
    }
    current = applied.world;
    ops.push(...built.ops);
    summaries.push(built.summary);
  }
  return { ops, summary: sentence(summaries) };
}
