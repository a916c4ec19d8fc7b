import { z } from "zod";
import type { JSONSchema7 } from "ai";
import { parseJsonAnswer } from "./land";
import { cleanText } from "./local/text";

// A character authored by a chat model (POST /v1/characters with `authored: true`, the
// `openai-compatible` provider): a profile answered as JSON against this schema, validated,
// sent back once with what was wrong, and never invented when the model does not deliver.

const text = (max: number) => z.string().trim().min(1).max(max);

export const ZCharacterAnswer = z.object({
  name: text(80),
  persona: text(4000),
  lore: text(4000),
  greeting: text(600),
  examples: z.string().max(4000).default(""),
  subject: text(400),
  style: z.string().max(200).default(""),
  scene: z.string().max(600).default(""),
  intro: z
    .object({ kicker: z.string().max(60).default("Meet"), title: z.string().max(120).default(""), hint: z.string().max(200).default("") })
    .default({ kicker: "Meet", title: "", hint: "" }),
});
export type CharacterAnswer = z.infer<typeof ZCharacterAnswer>;
export const CHARACTER_JSON_SCHEMA = z.toJSONSchema(ZCharacterAnswer, { target: "draft-7", io: "input" }) as JSONSchema7;

export const CHARACTER_SYSTEM_PROMPT = [
  "You write characters that players talk to in an interactive game.",
  "Answer with one JSON object and nothing else, with these keys:",
  '- "name": the character\'s name as players see it (a few words);',
  '- "persona": instructions to the actor, in the second person ("You are …"): who they are, how they speak, what they want;',
  '- "lore": facts about them and their world, in the third person, one fact a sentence;',
  '- "greeting": the first thing they say to a stranger, in their own voice;',
  '- "examples": two or three short exchanges, lines "User: …" and "<name>: …";',
  '- "subject": a one-line visual description of the character, for a painter;',
  '- "style": an art style for their portrait; "scene": where they are found;',
  '- "intro": {"kicker": a short label such as "Meet", "title": the name, "hint": what a player might ask them}.',
  "Keep the names, places and facts the pitch gives; invent only what it leaves open. No markdown.",
].join("\n");

export function characterPrompt(input: { premise?: string; image: boolean }): string {
  const pitch = input.premise ? cleanText(input.premise) : "";
  return [
    pitch ? `The pitch: ${pitch}` : "There is no written pitch.",
    input.image
      ? "The attached image shows the character (or the frame they belong to): their look, clothes and surroundings come from it."
      : "",
    "Write the character as the JSON object described.",
  ]
    .filter(Boolean)
    .join("\n");
}

export function characterRepairPrompt(problem: string): string {
  return `That answer was not a usable character: ${problem}. Answer again with the JSON object only, every required key a non-empty string.`;
}

/** A model's answer as a character, or what was wrong with it (sent back in the repair round). */
export function landCharacterAnswer(answer: string): { ok: true; character: CharacterAnswer } | { ok: false; problem: string } {
  const parsed = parseJsonAnswer(answer);
  if (!parsed.ok) return { ok: false, problem: parsed.message };
  const value =
    parsed.value && typeof parsed.value === "object" && "character" in parsed.value
      ? (parsed.value as { character: unknown }).character
      : parsed.value;
  const checked = ZCharacterAnswer.safeParse(value);
  if (!checked.success)
    return { ok: false, problem: checked.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") };
  const c = checked.data;
  const clean = (s: string) => cleanText(s);
  const name = clean(c.name);
  // User-facing prose reaches the world only through cleanText (no template braces, control codes).
  const character: CharacterAnswer = {
    name,
    persona: clean(c.persona),
    lore: clean(c.lore),
    greeting: clean(c.greeting),
    // Exchanges keep their lines; braces and other control characters go.
    examples: c.examples.replace(/[{}]|[^\P{Cc}\n]/gu, " ").trim(),
    subject: clean(c.subject),
    style: clean(c.style),
    scene: clean(c.scene),
    intro: { kicker: clean(c.intro.kicker) || "Meet", title: clean(c.intro.title) || name, hint: clean(c.intro.hint) },
  };
  const empty = (["name", "persona", "lore", "greeting", "subject"] as const).filter((k) => character[k] === "");
  if (empty.length > 0) return { ok: false, problem: `${empty.join(", ")}: empty once cleaned` };
  return { ok: true, character };
}
