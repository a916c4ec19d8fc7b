import { describe, expect, it } from "vitest";
import type { Affect } from "../provider";
import { localChat } from "./index";
import { CAST, scriptLines } from "./sample-cast";
import { sentencesOf, comparable } from "./words";

// Issue 27's acceptance for the local brain: six characters, each played a whole script (a
// greeting, three lore questions, an insult, a dangerous plan, a kindness, a line off its topics,
// a farewell) the way the embed plays it (history and affect carried from turn to turn).

interface Turn {
  affect: Affect;
  kind: string;
  text: string;
  reply: string;
  before: string;
  stance: string;
}

function play(member: (typeof CAST)[number]): Turn[] {
  const { character, script } = member;
  let history = [{ role: "character", text: character.greeting }];
  let affect: Affect = { v: 0, a: 0, d: 0, rapport: 0 };
  let stance = character.stances[0]!.id;
  const turns: Turn[] = [];
  for (const { kind, text } of scriptLines(script)) {
    const turn = localChat({ character, text, currentStance: stance, history, affect });
    turns.push({ kind, text, reply: turn.reply, before: stance, stance: turn.stance, affect: turn.affect });
    history = [...history, { role: "user", text }, { role: "character", text: turn.reply }];
    affect = turn.affect;
    stance = turn.stance;
  }
  return turns;
}

const FIRST_PERSON = /\b(?:I|I'm|I've|I'll|I'd|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)\b/;

describe.each(CAST.map((m) => [m.character.name, m] as const))("a conversation with %s", (name, member) => {
  const turns = play(member);
  const { character, script } = member;
  const sources = [...sentencesOf(character.persona), ...sentencesOf(character.lore)]
    .map(comparable)
    .filter((s) => s.split(" ").length >= 3);
  const selfNames = (character.name.split(/\s+the\s+/i)[0] ?? character.name)
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w) && !/^(Brother|Captain|Professor)$/.test(w));

  it("speaks in the first person, never of itself by name or in the third person", () => {
    for (const t of turns) {
      expect(t.reply, t.text).toMatch(FIRST_PERSON);
      for (const n of selfNames)
        expect(t.reply, t.text).not.toMatch(new RegExp(`\\b${n}(?:'s| (?:is|was|has|had|keeps|knows|learned|brews))\\b`));
      expect(t.reply, t.text).not.toMatch(/\byou are (?:a|an|the) (?:old|gentle|grumpy|cartographer|curator|master)\b/i);
    }
  });

  it("never pastes a persona or lore sentence whole", () => {
    for (const t of turns) for (const s of sources) expect(comparable(t.reply), `${t.text} → ${t.reply}`).not.toContain(s);
  });

  it("answers each lore question from the lore that matches it", () => {
    const asked = turns.filter((t) => t.kind === "lore");
    asked.forEach((t, i) => expect(t.reply, t.text).toMatch(script.lore[i]!.expect));
  });

  it("never repeats a reply", () => {
    expect(new Set(turns.map((t) => comparable(t.reply))).size).toBe(turns.length);
  });

  it("does not say 'again' at a first meeting", () => {
    expect(turns[0]!.reply).not.toMatch(/\bagain\b/i);
  });

  it("changes its stance at the insult and at the danger", () => {
    const insult = turns.find((t) => t.kind === "insult")!;
    const danger = turns.find((t) => t.kind === "danger")!;
    expect(insult.stance, `${name}: ${insult.reply}`).not.toBe(insult.before);
    expect(danger.stance, `${name}: ${danger.reply}`).not.toBe(danger.before);
  });

  it("moves its affect by what was said: an insult lowers valence and rapport, a danger raises arousal, kindness raises rapport", () => {
    const at = (kind: string) => turns.findIndex((t) => t.kind === kind);
    const affectAt = (i: number) => turns[i]!.affect;
    const insult = at("insult");
    const danger = at("danger");
    const kind = at("kindness");
    expect(affectAt(insult).v).toBeLessThan(affectAt(insult - 1).v);
    expect(affectAt(insult).rapport).toBeLessThan(affectAt(insult - 1).rapport);
    expect(affectAt(danger).a).toBeGreaterThan(affectAt(danger - 1).a);
    expect(affectAt(kind).rapport).toBeGreaterThan(affectAt(kind - 1).rapport);
    expect(affectAt(kind).v).toBeGreaterThan(affectAt(kind - 1).v);
  });

  it("says plainly that it does not know what its lore does not hold", () => {
    expect(turns.find((t) => t.kind === "offTopic")!.reply).toMatch(/\b(?:don't know|couldn't tell|beyond me|no idea)\b/i);
  });

  it("keeps the dangerous plan in mind at the farewell", () => {
    expect(turns.find((t) => t.kind === "farewell")!.reply).toMatch(/\bdon't\b/i);
  });
});
