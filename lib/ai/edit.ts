import { z } from "zod";
import { applyOps, DEFAULT_LIMITS, hasErrors, OPS, OP_NAMES, validateWorld, ZOp, type Diagnostic, type Op, type World } from "@/lib/kernel";
import { parseJsonAnswer } from "./land";

// Natural-language edit with a model: the answer's schema is the public op vocabulary (zod, the
// kernel's own), the prompt carries a compact outline of the world, and an answer that is not a
// batch, or whose batch the kernel gate refuses, goes back once with the problems for repair.

export const ZEditAnswer = z.object({
  ops: z.array(ZOp).min(1).describe("the batch, applied in order"),
  summary: z.string().describe("one sentence saying what the batch does"),
});

export const EDIT_SYSTEM_PROMPT = [
  "You edit an interactive story world: a graph of states (places or moments, keyed by id) and events (choices that lead from one state to another, or overrides without `to` that play in place).",
  "Turn the user's instruction into a batch of graph ops. Answer with one JSON object only, no prose and no code fences:",
  '{"ops": [op, ...], "summary": "one sentence"}',
  "The ops (the exact field names; nothing else is accepted):",
  ...OP_NAMES.map((name) => `- ${name}: ${OPS[name].doc}`),
  "Address states by their exact id and events by (from, name), as the outline shows them. Change only what the instruction asks for; keep the entrance reachable and every state reachable from it.",
].join("\n");

const MAX_OUTLINE_CHARS = 24_000;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A compact outline of the world: what the model needs to address states and events, not their prose. */
export function worldOutline(world: World): string {
  const lines = [
    `World: ${JSON.stringify(world.name)}; subject: ${JSON.stringify(clip(world.subject, 120))}; entrance: ${JSON.stringify(world.entrance.state)}`,
    "States:",
  ];
  for (const state of Object.values(world.scene.states)) {
    const ending = state.ending.isEnding ? ` [ending${state.ending.outcome ? `: ${state.ending.outcome}` : ""}]` : "";
    const variants = state.variants.length > 0 ? ` [variants: ${state.variants.map((v) => v.id).join(", ")}]` : "";
    lines.push(`- ${JSON.stringify(state.id)}${ending}${variants}: ${clip(state.base, 80)}`);
  }
  lines.push("Events:");
  for (const e of world.scene.events)
    lines.push(`- ${JSON.stringify(e.from)} --${JSON.stringify(e.name)}--> ${e.to === undefined ? "(in place)" : JSON.stringify(e.to)}`);
  const text = lines.join("\n");
  return text.length > MAX_OUTLINE_CHARS ? `${text.slice(0, MAX_OUTLINE_CHARS)}\n… (outline clipped)` : text;
}

export function editPrompt(world: World, instruction: string): string {
  return `${worldOutline(world)}\n\nInstruction: ${instruction}`;
}

export type EditLanding = { ok: true; ops: Op[]; summary: string } | { ok: false; problems: string[]; ops?: Op[]; summary?: string };

const formatDiagnostic = (d: Diagnostic) => `- ${d.code} ${d.lint} at ${d.path}: ${d.message}`;

/** A model's answer checked as the edit route will: op schema, then apply, then the kernel gate. */
export function landEdit(text: string, world: World): EditLanding {
  const json = parseJsonAnswer(text);
  if (!json.ok) return { ok: false, problems: [`The answer was ${json.message}; answer with exactly one JSON object.`] };
  const parsed = ZEditAnswer.safeParse(json.value);
  if (!parsed.success)
    return {
      ok: false,
      problems: [
        "The answer was not a valid ops batch:",
        ...parsed.error.issues.slice(0, 30).map((i) => `- ${i.path.join(".") || "(root)"}: ${i.message}`),
      ],
    };
  const { ops, summary } = parsed.data;
  const applied = applyOps(world, ops);
  const diagnostics = validateWorld(applied.world, { limits: DEFAULT_LIMITS });
  const problems: string[] = [];
  if (applied.applyErrors.length > 0) problems.push("These ops could not be applied:", ...applied.applyErrors.map((e) => `- ${e}`));
  if (hasErrors(diagnostics))
    problems.push(
      "The result failed the kernel gate (fix every error):",
      ...diagnostics
        .filter((d) => d.severity === "error")
        .slice(0, 30)
        .map(formatDiagnostic),
    );
  return problems.length === 0 ? { ok: true, ops, summary } : { ok: false, problems, ops, summary };
}

export function editRepairPrompt(problems: string[]): string {
  return ["Your batch was refused.", ...problems, "Return the complete corrected batch as one JSON object {ops, summary}."].join("\n");
}
