import nlp from "compromise";
import { describe, expect, it } from "vitest";
import { buildGraphIndex, checkWorld, type World } from "@/lib/kernel";
import { buildLocalWorld } from "./author";
import { PREMISES } from "./premises";
import { isFunctionWord } from "./read";
import { PLACE_NOUNS, ROLE_NOUNS } from "./words";

// Issue 12's quality bar for the offline author, over 200 varied premises (premises.ts): the
// premise's subject is the hero, ids and event names are headed by nouns, every world is
// gate-clean and fully reachable with a reachable ending, and distinct premises give distinct
// graphs. An id's or a name's head is its last word (English noun phrases are head-final, and
// every event name ends in the noun phrase it acts on); compromise tags it independently of the
// author's reader, which has its own repairs. compromise tags a few plain nouns otherwise at
// the end of a phrase ("observatory" as an adjective, "garden" and "boat" as verbs after a
// modifier, "north" in "the frozen north" as an adjective); a head from our curated noun lists
// (words.ts), or its plural, or a compass point, counts as a noun too.

const listed = (w: string): boolean => {
  const l = w.toLowerCase();
  return ["north", "south", "east", "west"].includes(l) || [l, l.replace(/s$/, "")].some((x) => PLACE_NOUNS.has(x) || ROLE_NOUNS.has(x));
};

const worlds: [hero: string, premise: string, world: World][] = PREMISES.map(([hero, premise]) => [
  hero,
  premise,
  buildLocalWorld({ worldId: "w", premise, pov: "third_person" }),
]);

/** The head (last word) of a phrase read as a noun phrase, and whether compromise calls it a noun. */
function head(phrase: string, asNounPhrase: boolean): { word: string; noun: boolean } {
  const terms = (
    nlp(asNounPhrase ? `the ${phrase}` : phrase).json({ terms: { tags: true } }) as { terms: { text: string; tags: string[] }[] }[]
  ).flatMap((s) => s.terms);
  const last = terms[terms.length - 1];
  if (!last) return { word: "", noun: false };
  return {
    word: last.text,
    noun: (last.tags.includes("Noun") || listed(last.text)) && !last.tags.includes("Pronoun") && !isFunctionWord(last.text),
  };
}

describe("local author over 200 premises", () => {
  it("has at least 200 distinct premises", () => {
    expect(new Set(PREMISES.map(([, p]) => p)).size).toBeGreaterThanOrEqual(200);
  });

  it("makes the premise's subject noun phrase the protagonist", () => {
    const wrong = worlds
      .filter(([hero, , w]) => w.slots?.hero !== hero)
      .map(([hero, premise, w]) => `${premise} → ${w.slots?.hero} (want ${hero})`);
    expect(wrong).toEqual([]);
  });

  it("heads every state id and every event name with a noun, never a verb or a function word", () => {
    const bad: string[] = [];
    for (const [, premise, w] of worlds) {
      for (const id of Object.keys(w.scene.states)) {
        const words = id
          .replace(/^(s|end)\d+-?/, "")
          .split("-")
          .filter(Boolean);
        const h = head(words.join(" "), true);
        if (words.length === 0 || !h.noun) bad.push(`${premise}: id ${id} (head "${h.word}")`);
      }
      for (const e of w.scene.events) {
        const h = head(e.name, false);
        if (!h.noun) bad.push(`${premise}: event "${e.name}" (head "${h.word}")`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("never opens a sentence with the lower-case hero slot", () => {
    for (const [, , w] of worlds) {
      for (const s of Object.values(w.scene.states)) expect(s.base).not.toMatch(/(^|[.!?]\s+)\{hero\}/);
      for (const e of w.scene.events) expect(e.base).not.toMatch(/(^|[.!?]\s+)\{hero\}/);
    }
  });

  it("makes every verb after the hero agree with it", () => {
    const bad: string[] = [];
    for (const [hero, premise, w] of worlds) {
      // "the two kids", "Lena and her dog" are several; "the family of foxes" is one family.
      const plural = (/^the .*[^s]s$/.test(hero) && !/ of /.test(hero)) || / and /.test(hero);
      const prose = [
        ...Object.values(w.scene.states).flatMap((s) => [
          s.base,
          s.ending.text ?? "",
          s.movement.static,
          s.movement.dynamic,
          ...s.variants.map((v) => v.base),
        ]),
        ...w.scene.events.map((e) => e.base),
      ];
      for (const text of prose.filter((x): x is string => typeof x === "string")) {
        for (const m of text.matchAll(/\{hero\} (\w+)/g)) {
          const verb = m[1] as string;
          const third = /s$/.test(verb) && !/ss$/.test(verb);
          if (third === plural) bad.push(`${premise}: "${text}"`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it("is gate-clean, every state reachable, an ending reachable", () => {
    for (const [, premise, w] of worlds) {
      const verdict = checkWorld(w);
      expect(verdict.diagnostics, premise).toEqual([]);
      const index = buildGraphIndex(w);
      expect(index.reachable.size, premise).toBe(Object.keys(w.scene.states).length);
      expect(
        index.endings.some((id) => index.reachable.has(id)),
        premise,
      ).toBe(true);
    }
  });

  it("gives distinct graphs for distinct premises", () => {
    const graphs = worlds.map(([, , w]) =>
      JSON.stringify([Object.keys(w.scene.states), w.scene.events.map((e) => [e.from, e.to ?? null, e.name])]),
    );
    expect(new Set(graphs).size).toBe(worlds.length);
  });
});
