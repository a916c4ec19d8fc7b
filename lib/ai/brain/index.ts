import { hashString } from "@/lib/kernel";
import { detectAction, emotionOf, normalizeAffect } from "../chat";
import type { CharacterAction, ChatCharacter, ChatInput, ChatResult } from "../provider";
import { chooseStance, nextAffect, temperamentOf } from "./affect";
import { composeReply, scoreFact, type Mind, type Scene } from "./compose";
import { factsOf, selfRefOf } from "./facts";
import { remember } from "./memory";
import { understand } from "./understand";
import { voiceOf } from "./voice";
import { comparable } from "./words";

// The `local` provider's brain (docs/providers.md "Chat and speech"): no model, deterministic for
// the same input. Each line is understood (understand.ts), the character's lore and persona are
// its facts in the first person (facts.ts), its examples and speaking detail its voice
// (voice.ts), the conversation so far its memory (memory.ts); the mood moves by what was said and
// the stance follows it (affect.ts); the reply is composed from all of it (compose.ts).

export { understand } from "./understand";
export type { Understanding } from "./understand";

const MINDS = new Map<string, Mind>();
const MAX_MINDS = 256;

/** A character's facts, voice and greeting, read once per brain (the lore is parsed once, not per turn). */
export function mindOf(character: ChatCharacter): Mind {
  const key = `${hashString(JSON.stringify([character.name, character.persona, character.lore, character.examples, character.greeting, character.speakingDetail ?? ""]))}|${character.name.length}|${character.lore.length}`;
  const cached = MINDS.get(key);
  if (cached) {
    MINDS.delete(key);
    MINDS.set(key, cached);
    return cached;
  }
  const self = selfRefOf(character.name, character.lore, character.persona);
  const facts = factsOf(character, self);
  const df = new Map<string, number>();
  for (const f of facts) for (const r of f.roots) df.set(r, (df.get(r) ?? 0) + 1);
  const mind: Mind = { facts, self, voice: voiceOf(character, self.names), greeting: character.greeting.trim(), df };
  MINDS.set(key, mind);
  if (MINDS.size > MAX_MINDS) MINDS.delete(MINDS.keys().next().value!);
  return mind;
}

/** Reads a character's facts and voice now (kept per process), so its first talk turn finds them ready. */
export function prepareLocalBrain(character: ChatCharacter): void {
  mindOf(character);
}

function actionLine(action: CharacterAction): string {
  const the = (s: string) => (/^(the|a|an|some|my|your)\s/i.test(s) ? s : `the ${s}`);
  switch (action.type) {
    case "show_image":
      return `Here, look: ${action.description}.`;
    case "fetch_object":
      return `Wait here, I'll fetch ${the(action.object)}.`;
    case "change_location":
      return `Then let's go to ${the(action.location)}.`;
  }
}

/** The `local` provider's chat: one turn of a character that listens. */
export function localChat(input: ChatInput): Omit<ChatResult, "provider"> {
  const { character } = input;
  const mind = mindOf(character);
  const heard = understand(input.text);
  const memory = remember(input.history, input.memory);

  // A plan is dangerous by its own words, and more so when it touches a sad or fearful fact of the lore.
  let danger = 0;
  let dangerFact: Scene["dangerFact"];
  if (heard.plan) {
    const related = mind.facts
      .map((f) => ({ f, s: scoreFact(f, heard.plan!.roots, undefined, mind.df, mind.facts.length) }))
      .filter((x) => x.s > 0 && x.f.valence < -0.2)
      .sort((a, b) => b.s - a.s)[0];
    dangerFact = related?.f;
    danger = Math.min(1, heard.plan.hazard + (related ? 0.45 : 0));
  }

  const temperament = temperamentOf(character.persona, character.speakingDetail ?? "", character.stances);
  const affect = nextAffect(normalizeAffect(input.affect), heard, temperament, danger);
  const stance = chooseStance(character.stances, affect, input.currentStance, heard, danger);
  const tone: Scene["tone"] = heard.threat
    ? "worried"
    : heard.insult > 0
      ? temperament.stern
        ? "stern"
        : "hurt"
      : danger >= 0.3
        ? "worried"
        : affect.v > 0.3
          ? "warm"
          : affect.v < -0.3
            ? affect.d > 0.2
              ? "stern"
              : "hurt"
            : "even";
  const action = heard.insult > 0 || heard.threat ? undefined : detectAction(input.text);
  const scene: Scene = { heard, memory, danger, dangerFact, tone, rapport: affect.rapport, retry: 0 };

  // Variants until the reply is new to this conversation and pastes no persona or lore sentence.
  const sources = mind.facts.map((f) => comparable(f.original)).filter((s) => s.split(" ").length >= 3);
  const seed = hashString(`${character.name}|${input.text}|${input.history.length}`) % 997;
  let reply = "";
  for (let k = 0; k < 24; k++) {
    const body = composeReply(mind, { ...scene, retry: k }, seed + k);
    const candidate = action ? `${body} ${actionLine(action)}`.trim() : body;
    const flat = comparable(candidate);
    reply = candidate;
    if (!memory.said.has(flat) && !sources.some((s) => flat.includes(s))) break;
  }
  return { reply: reply || "...", stance: stance.id, emotion: emotionOf(stance), affect, ...(action ? { action } : {}) };
}

/**
 * Reads a small character and a few lines once, so that compromise builds its tagger and VADER its
 * lexicon at server start (about half a second) rather than during the first player's turn.
 */
export function warmLocalBrain(): void {
  const character: ChatCharacter = {
    name: "Ada Vey",
    persona: "You are Ada Vey, a ferrywoman. You speak plainly.",
    lore: "Ada has rowed the ferry since 1990. Her father built the boat.",
    greeting: "Mind the step.",
    examples: "User: Is it far?\nAda: Not far.",
    scene: "",
    style: "",
    stances: [{ id: "calm", label: "Calm", mood: "calm", expression: "" }],
  };
  const history: ChatInput["history"] = [];
  for (const text of ["Hello! Who built your boat?", "I'll cross tonight in the storm.", "Thank you, goodbye."]) {
    const turn = localChat({ character, text, currentStance: "calm", history, affect: { v: 0, a: 0, d: 0, rapport: 0 } });
    history.push({ role: "user", text }, { role: "character", text: turn.reply });
  }
}
