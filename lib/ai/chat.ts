import { hashString } from "@/lib/kernel";
import type { Affect, CharacterAction, ChatInput, ChatResult, Stance } from "./provider";

// The chat capability's shared parts: affect arithmetic, the stance a mood points at, action
// detection, the test-mode canned brain (`mock`) and the rule-based brain (`local`). The
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
  [/\b(sad\w*|melanchol\w*|downcast|hurt|gloom\w*|sorrow\w*|griev\w*|wistful|lonely)\b/, [-0.6, -0.4, -0.3]],
  [/\b(angr\w*|annoy\w*|irrit\w*|furious|rage|cold|stern|hostile)\b/, [-0.7, 0.7, 0.5]],
  [/\b(guard\w*|wary|suspic\w*|defens\w*|distrust\w*|cautious)\b/, [-0.3, 0.3, 0.3]],
  [/\b(afraid|scared|nervous|anxious|fear\w*|frighten\w*|uneasy)\b/, [-0.6, 0.7, -0.5]],
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

// ------------------------------------------------------------------ reading the user

const POSITIVE = /\b(thanks?|thank you|love|lovely|great|good|nice|kind|beautiful|wonderful|amazing|brilliant|awesome|happy|glad|cool|sweet|friend|please|sorry|haha|lol|wow|yes|fantastic|excellent|perfect|appreciate\w*|adore|like you)\b/g;
const NEGATIVE = /\b(hate|stupid|idiot|dumb|ugly|awful|terrible|boring|shut up|annoying|useless|liar|worst|bad|angry|disgusting|pathetic|go away|leave me|no one cares|whatever)\b/g;
const THREAT = /\b(kill|hurt|destroy|threat\w*|attack|burn|die|dead|weapon|knife|gun|scare)\b/g;
const SAD = /\b(sad|lonely|lost|miss|cry\w*|grief|griev\w*|tired|alone|afraid|scared|worried)\b/g;
const GREETING = /^\s*(hi|hello|hey|hiya|greetings|good (morning|evening|afternoon)|howdy|yo)\b/i;
const FAREWELL = /\b(bye|goodbye|farewell|see you|good night|later)\b/i;
const QUESTION_START = /^\s*(who|what|when|where|why|how|which|do|does|did|can|could|would|will|are|is|have|has)\b/i;

const count = (re: RegExp, text: string) => (text.match(re) ?? []).length;

export interface Reading {
  sentiment: number;
  intensity: number;
  question: boolean;
  greeting: boolean;
  farewell: boolean;
  insult: boolean;
  threat: boolean;
  sadness: boolean;
  compliment: boolean;
}

/** A small lexicon reading of what the user said. */
export function readText(text: string): Reading {
  const lower = text.toLowerCase();
  const pos = count(POSITIVE, lower);
  const neg = count(NEGATIVE, lower);
  const threat = count(THREAT, lower);
  const sad = count(SAD, lower);
  const letters = text.replace(/[^\p{L}]/gu, "");
  const caps = letters.length >= 6 && letters === letters.toUpperCase();
  const exclaims = count(/!/g, text);
  return {
    sentiment: clamp((pos - neg * 1.4 - threat) / Math.max(1, pos + neg + threat), -1, 1),
    intensity: clamp(exclaims * 0.25 + (caps ? 0.5 : 0) + threat * 0.3, 0, 1),
    question: /\?\s*$/.test(text) || QUESTION_START.test(text),
    greeting: GREETING.test(text),
    farewell: FAREWELL.test(lower),
    insult: neg > 0 && neg >= pos,
    threat: threat > 0,
    sadness: sad > 0,
    compliment: pos > 0 && pos > neg,
  };
}

/** The next affect after hearing `text`: valence follows sentiment, arousal intensity, rapport warmth. */
export function nextAffect(current: Affect, reading: Reading): Affect {
  const { sentiment: s } = reading;
  let v = current.v * 0.7 + s * 0.5;
  let a = current.a * 0.6 + reading.intensity * 0.5 + (reading.question ? 0.15 : 0) + Math.abs(s) * 0.15 - 0.1;
  let d = current.d * 0.7 + (reading.insult ? 0.35 : 0) - (reading.compliment ? 0.05 : 0);
  if (reading.threat) {
    v -= 0.3;
    a += 0.3;
    d -= 0.5;
  }
  if (reading.sadness) {
    v -= 0.15;
    a -= 0.1;
  }
  const warmth = reading.insult || reading.threat ? -0.12 : s > 0 ? 0.08 : 0.03;
  return normalizeAffect({ v, a, d, rapport: current.rapport + warmth });
}

// ------------------------------------------------------------------ actions

const clean = (s: string) => s.replace(/[{}\s]+/g, " ").replace(/^[\s,.;:!?]+|[\s,.;:!?]+$/g, "").slice(0, 120);
const stripArticle = (s: string) => s.replace(/^(the|a|an|your|my|some|me)\s+/i, "");

/** What the user asks the character to do: show an image, fetch an object, change location. */
export function detectAction(text: string): CharacterAction | undefined {
  const show = /\b(?:show|draw|paint)\s+(?:me\s+)?(?:a\s+picture\s+of\s+|an?\s+image\s+of\s+|a\s+photo\s+of\s+)?([^.!?\n]{2,80})/i.exec(text);
  if (show?.[1]) return { type: "show_image", description: clean(stripArticle(show[1])) || "it" };
  const go = /\b(?:let'?s\s+go|take\s+me|go|walk|travel|head)\s+(?:back\s+)?(?:to|into|towards?)\s+([^.!?\n]{2,60})/i.exec(text);
  if (go?.[1]) return { type: "change_location", location: clean(stripArticle(go[1])) || "somewhere else" };
  const fetch = /\b(?:bring|fetch|get|hand|give|pass)\s+(?:me\s+|us\s+)?([^.!?\n]{2,60})/i.exec(text);
  if (fetch?.[1] && !/^(up|out|lost|away|going|it)\b/i.test(fetch[1].trim())) return { type: "fetch_object", object: clean(stripArticle(fetch[1])) || "it" };
  return undefined;
}

// ------------------------------------------------------------------ the local brain

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}']{3,}/gu) ?? []).filter((w) => !STOP.has(w));
const STOP = new Set("the and for with that this from into what when where which who why how are was were you your yours have has had not but can could would should will about there their they them then than just like tell know me my mine our its it's i'm you're".split(" "));

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
}

/** The sentence of lore or persona sharing most words with the question, if any does. */
function bestFact(character: ChatInput["character"], text: string): string | undefined {
  const asked = new Set(words(text));
  let best: { sentence: string; score: number } | undefined;
  for (const sentence of [...sentences(character.lore), ...sentences(character.persona)]) {
    const score = words(sentence).filter((w) => asked.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence.replace(/^you are\b/i, "I am").replace(/^your\b/i, "My");
}

const pick = <T>(items: readonly T[], seed: string): T => items[hashString(seed) % items.length]!;

const OPENERS: Record<"warm" | "cold" | "sad" | "afraid" | "neutral", string[]> = {
  warm: ["Ah,", "Oh, I like that.", "Ha,", "Well now,"],
  cold: ["Hm.", "Careful.", "Is that so.", "Mind your tone."],
  sad: ["Mm...", "I suppose,", "Oh...", "Quietly, then:"],
  afraid: ["W-wait,", "Please,", "Easy now,", "Stay back,"],
  neutral: ["Well,", "Let me think.", "Hm,", "I see."],
};

function toneOf(affect: Affect): keyof typeof OPENERS {
  if (affect.d < -0.35 && affect.v < -0.2) return "afraid";
  if (affect.v > 0.25) return "warm";
  if (affect.v < -0.35 && affect.a > 0.1) return "cold";
  if (affect.v < -0.2) return "sad";
  return "neutral";
}

function actionLine(action: CharacterAction): string {
  switch (action.type) {
    case "show_image":
      return `Here, look: ${action.description}.`;
    case "fetch_object":
      return `Wait here, I'll fetch ${/^(the|a|an)\s/i.test(action.object) ? action.object : `the ${action.object}`}.`;
    case "change_location":
      return `Then let's go to ${/^(the|a|an)\s/i.test(action.location) ? action.location : `the ${action.location}`}.`;
  }
}

/**
 * The `local` provider's brain: no model, deterministic for identical input, yet it moves the
 * affect with the sentiment and intensity of what was said and picks the stance whose mood lies
 * nearest, answers questions from the lore, and acts on requests to show, fetch or go.
 */
export function localChat(input: ChatInput): Omit<ChatResult, "provider"> {
  const { character } = input;
  const reading = readText(input.text);
  const affect = nextAffect(normalizeAffect(input.affect), reading);
  const stance = nearestStance(character.stances, affect, input.currentStance);
  const action = reading.insult || reading.threat ? undefined : detectAction(input.text);
  const seed = `${character.name}|${input.text}|${input.history.length}`;
  const tone = toneOf(affect);
  const parts: string[] = [];
  const firstTurn = input.history.length === 0;

  if (reading.threat) parts.push(pick(["Don't. Please don't.", "I'd rather you didn't say things like that.", "That frightens me."], seed));
  else if (reading.insult) parts.push(pick(["There's no need for that.", "That was unkind.", "I've been called worse, but not often."], seed));
  else if (reading.greeting && firstTurn && character.greeting) parts.push(character.greeting);
  else if (reading.greeting) parts.push(pick([`Hello again.`, `Hello, hello.`, `Yes, I'm here.`], seed));

  if (action) parts.push(actionLine(action));
  else if (reading.farewell) parts.push(pick(["Go well. Come back and tell me how it ends.", "Until next time, then.", "Goodbye. I'll be here."], seed));
  else if (reading.question) {
    const fact = bestFact(character, input.text);
    parts.push(fact ? `${pick(OPENERS[tone], seed)} ${fact}` : pick(["That's a question I haven't been asked in a long while. What makes you wonder?", "I don't rightly know. What do you think?", "Ask me again when the light is better."], seed));
  } else if (reading.sadness && !reading.insult) parts.push(pick(["I'm sorry. Sit a while; it helps to say it out loud.", "That sounds heavy. I'm listening.", "You're not as alone as it feels."], seed));
  else if (reading.compliment) parts.push(pick(["That's kind of you.", "You're sweet to say so.", "Now you're making me smile."], seed));
  else if (!reading.insult && !reading.threat && !(reading.greeting && parts.length > 0)) {
    const topic = words(input.text)[0];
    parts.push(topic ? `${pick(OPENERS[tone], seed)} ${topic.charAt(0).toUpperCase() + topic.slice(1)}... tell me more about that.` : pick(["Go on.", "I'm listening.", "And then?"], seed));
  }

  return { reply: parts.join(" ").trim() || "...", stance: stance.id, emotion: emotionOf(stance), affect, ...(action ? { action } : {}) };
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
 * same turn), no model, no spend (spec: "With a test-mode session token the reply is canned").
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
  return { reply: CANNED[(h >>> 4) % CANNED.length]!, stance: stance.id, emotion: emotionOf(stance), affect, ...(action ? { action } : {}) };
}
