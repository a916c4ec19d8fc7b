import { hashString } from "@/lib/kernel";
import type { Affect, CharacterAction, ChatInput, ChatResult, Stance } from "./provider";

// The chat capability's shared parts: affect arithmetic, the stance a mood points at, action
// detection and the test-mode canned brain (`mock`). The `local` brain is lib/ai/brain; the
// openai-compatible provider uses the same normalisation on what the model answers.

export const NEUTRAL_AFFECT: Readonly<Affect> = Object.freeze({ v: 0, a: 0, d: 0, rapport: 0 });

const clamp = (x: number, lo: number, hi: number) => (Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : 0);
const round = (x: number) => Math.round(x * 1000) / 1000;

/** Any partial affect as a complete one: v, a, d in -1..1, rapport in 0..1, 3 decimals. */
export function normalizeAffect(input: Partial<Record<keyof Affect, unknown>> | undefined): Affect {
  const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  return {
    v: round(clamp(num(input?.v), -1, 1)),
    a: round(clamp(num(input?.a), -1, 1)),
    d: round(clamp(num(input?.d), -1, 1)),
    rapport: round(clamp(num(input?.rapport), 0, 1)),
  };
}

// ------------------------------------------------------------------ moods and stances

/** Where a mood word sits in (valence, arousal, dominance). */
const MOOD_POINTS: [RegExp, [number, number, number]][] = [
  [/\b(happy|joy\w*|warm\w*|cheer\w*|delight\w*|glad|bright|sunny|friendly|kind)\b/, [0.7, 0.3, 0.2]],
  [/\b(amus\w*|playful|teas\w*|mischiev\w*|wry|grin\w*|laugh\w*)\b/, [0.6, 0.5, 0.3]],
  [/\b(excit\w*|thrill\w*|eager|elat\w*|enthus\w*)\b/, [0.7, 0.8, 0.3]],
  [/\b(calm|neutral|seren\w*|relax\w*|content\w*|peace\w*|still|composed)\b/, [0.1, -0.4, 0.1]],
  [/\b(curio\w*|intrigu\w*|thought\w*|interest\w*|pensive|wonder\w*|puzzl\w*)\b/, [0.2, 0.3, 0]],
  [/\b(sad\w*|melanchol\w*|downcast|hurt|wounded|gloom\w*|sorrow\w*|griev\w*|wistful|lonely|crestfallen|stung)\b/, [-0.6, -0.4, -0.3]],
  [/\b(angr\w*|annoy\w*|irrit\w*|furious|rage|cold|stern|hostile|indignant|offended|cross|grump\w*|gruff|surly)\b/, [-0.7, 0.7, 0.5]],
  [/\b(guard\w*|wary|suspic\w*|defens\w*|distrust\w*|cautious)\b/, [-0.3, 0.3, 0.3]],
  [
    /\b(afraid|scared|nervous|anxious|fear\w*|frighten\w*|uneasy|worr\w*|alarm\w*|concern\w*|fretful|dread\w*|panick\w*)\b/,
    [-0.6, 0.7, -0.5],
  ],
  [/\b(shy|embarrass\w*|bashful|flustered|sheepish)\b/, [0.1, 0.3, -0.5]],
  [/\b(proud|confident|smug|bold|defiant)\b/, [0.5, 0.2, 0.7]],
  [/\b(tender|affection\w*|loving|fond|moved|touched|grateful)\b/, [0.8, 0.1, 0]],
  [/\b(tired|weary|bored|sleepy|listless)\b/, [-0.2, -0.7, -0.2]],
];

/** The (v, a, d) a stance stands for, from the words of its mood, label and expression. */
export function stancePoint(stance: Stance): [number, number, number] {
  const text = `${stance.mood} ${stance.label} ${stance.id}`.toLowerCase();
  const hits = MOOD_POINTS.filter(([re]) => re.test(text)).map(([, p]) => p);
  const words = hits.length > 0 ? hits : MOOD_POINTS.filter(([re]) => re.test(stance.expression.toLowerCase())).map(([, p]) => p);
  if (words.length === 0) return [0, 0, 0];
  const sum = words.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]], [0, 0, 0]);
  return [sum[0] / words.length, sum[1] / words.length, sum[2] / words.length];
}

const distance = (p: [number, number, number], affect: Affect) => Math.hypot(p[0] - affect.v, p[1] - affect.a, (p[2] - affect.d) * 0.6);

/**
 * The stance of the palette closest to the affect. The current stance is kept unless another is
 * clearly closer (hysteresis), so a character does not flicker between two near moods.
 */
export function nearestStance(stances: Stance[], affect: Affect, currentId?: string): Stance {
  const current = stances.find((s) => s.id === currentId);
  let best = current ?? stances[0]!;
  let bestDistance = distance(stancePoint(best), affect) - (current ? 0.12 : 0);
  for (const stance of stances) {
    const d = distance(stancePoint(stance), affect);
    if (d < bestDistance - 1e-9) {
      best = stance;
      bestDistance = d;
    }
  }
  return best;
}

/** The stance id if it is of the palette, else the first stance's. */
export function stanceOrFirst(stances: Stance[], id: string | undefined): Stance {
  return stances.find((s) => s.id === id) ?? stances[0]!;
}

/** A one-word emotion for a stance: its mood's first word, else its label. */
export function emotionOf(stance: Stance): string {
  const word = /[\p{L}-]+/u.exec(stance.mood)?.[0] ?? /[\p{L}-]+/u.exec(stance.label)?.[0];
  return (word ?? "neutral").toLowerCase();
}

// ------------------------------------------------------------------ actions

const clean = (s: string) =>
  s
    .replace(/[{}\s]+/g, " ")
    .replace(/^[\s,.;:!?]+|[\s,.;:!?]+$/g, "")
    .slice(0, 120);
const stripArticle = (s: string) => s.replace(/^(the|a|an|your|my|some|me)\s+/i, "");

/** What the user asks the character to do: show an image, fetch an object, change location. */
export function detectAction(text: string): CharacterAction | undefined {
  const show = /\b(?:show|draw|paint)\s+(?:me\s+)?(?:a\s+picture\s+of\s+|an?\s+image\s+of\s+|a\s+photo\s+of\s+)?([^.!?\n]{2,80})/i.exec(
    text,
  );
  if (show?.[1]) return { type: "show_image", description: clean(stripArticle(show[1])) || "it" };
  const go = /\b(?:let'?s\s+go|take\s+me|go|walk|travel|head)\s+(?:back\s+)?(?:to|into|towards?)\s+([^.!?\n]{2,60})/i.exec(text);
  if (go?.[1]) return { type: "change_location", location: clean(stripArticle(go[1])) || "somewhere else" };
  const fetch = /\b(?:bring|fetch|get|hand|give|pass)\s+(?:me\s+|us\s+)?([^.!?\n]{2,60})/i.exec(text);
  if (fetch?.[1] && !/^(up|out|lost|away|going|it)\b/i.test(fetch[1].trim()))
    return { type: "fetch_object", object: clean(stripArticle(fetch[1])) || "it" };
  return undefined;
}

// ------------------------------------------------------------------ the test-mode brain

const CANNED = [
  "Hello! This is a canned test-mode reply.",
  "Interesting. Tell me more (test mode).",
  "I hear you. This reply is a deterministic mock.",
  "Ha! A test-mode character laughs at that.",
  "Let me think about that... (mock reply).",
  "That reminds me of something. (mock reply)",
];

/**
 * Test-mode turns: canned and deterministic (the same text, stance and affect always give the
 * same turn), no model, no spend (docs/runtime.md "Talk turns": test tokens get canned turns).
 */
export function mockChat(input: ChatInput): Omit<ChatResult, "provider"> {
  const seed = `${input.text}|${input.currentStance}`;
  const h = hashString(`mock-chat-v1|${seed}`);
  const stances = input.character.stances;
  const stance = stances[h % stances.length]!;
  const base = normalizeAffect(input.affect);
  const nudge = ((h >>> 8) % 21) / 100 - 0.1;
  const affect = normalizeAffect({ v: base.v + nudge, a: base.a - nudge / 2, d: base.d, rapport: base.rapport + 0.05 });
  const action = detectAction(input.text);
  return {
    reply: CANNED[(h >>> 4) % CANNED.length]!,
    stance: stance.id,
    emotion: emotionOf(stance),
    affect,
    ...(action ? { action } : {}),
  };
}
