// The protagonist as the painter draws it (compose.ts, portrait.ts): its look, the noun it is
// drawn as, what it carries, and how many figures it is.
import { createPrng, hashString } from "@/lib/kernel";
import type { ReferenceLook } from "../../provider";
import { hslOf } from "./colour";
import type { PainterLexicon } from "./read";
import type { Look } from "./types";

/**
 * The protagonist's look, seeded from the subject text alone (so every frame of a world agrees);
 * with a subject reference, its clothes and hair take the reference's colours (kept light enough
 * to read as a figure at dusk, dark enough not to vanish into a daytime sky).
 */
export function lookOf(subject: string, reference?: ReferenceLook, item?: Look["item"]): Look {
  const rng = createPrng(hashString(`look-v1|${subject.trim().toLowerCase()}`));
  const look: Look = {
    hue: rng.pick([0, 25, 45, 95, 150, 200, 215, 265, 330]),
    sat: 45,
    light: 32,
    hat: rng.pick(["none", "cap", "hood", "brim"] as const),
    coat: rng.pick(["short", "long"] as const),
    hairHue: 25,
    hairSat: 35,
    hair: 12 + rng.int(50),
    item: /\b(keeper|lamp|lantern|watch)/i.test(subject) ? "lantern" : rng.pick(["none", "none", "lantern", "staff"] as const),
  };
  if (item) look.item = item;
  if (!reference) return look;
  const [hue, sat, light] = hslOf(reference.coat);
  const [hairHue, hairSat, hair] = hslOf(reference.hair);
  return {
    ...look,
    hue,
    sat: Math.min(85, sat),
    light: Math.max(18, Math.min(62, light)),
    hairHue,
    hairSat: Math.min(70, hairSat),
    hair: Math.max(8, Math.min(70, hair)),
  };
}

/** The noun a subject is drawn as: "the diplomat's daughter, the one…" → daughter; "the gang of grandmothers" → grandmothers. */
export function headOf(subject: string): string | undefined {
  // The first noun phrase: up to a comma, or a preposition other than "of" ("a red fox in a scarf" → fox).
  let phrase = subject
    .split(/[,;(]/)[0]!
    .trim()
    .split(/\s+(?:in|on|at|with|from|by|under|inside|near|beside|behind|wearing)\s+/i)[0]!;
  const of = / of /.exec(phrase);
  // A group is drawn as its members and named as the group ("gang of grandmothers").
  if (of && /\b(pair|gang|family|crew|team|band|troupe|tribe|pack|colony|swarm|flock|herd|group|couple)$/i.test(phrase.slice(0, of.index)))
    return phrase.replace(/^(the|a|an)\s+/i, "").toLowerCase();
  if (of) phrase = phrase.slice(0, of.index);
  const words = phrase.split(/\s+/).filter((w) => /[\p{L}]/u.test(w));
  // A name is drawn under the whole name ("Captain Amara Osei").
  if (words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w))) return words.join(" ").toLowerCase();
  const last = words[words.length - 1];
  return last === undefined || /^(the|a|an)$/i.test(last) ? undefined : last.replace(/['’]s?$/, "").toLowerCase();
}

/**
 * The protagonist's label: its head with the nouns that say what kind of person it is ("child
 * astronaut", "salvage diver"), but not a place it belongs to ("lighthouse keeper" is drawn as a
 * keeper, the lighthouse as a lighthouse), so that grounding "the lighthouse" never finds the keeper.
 */
export function heroNameOf(head: string | undefined, subject: string, lexicon: PainterLexicon): string | undefined {
  if (!head || head.includes(" ")) return head;
  const phrase = subject.split(/[,;(]/)[0]!.toLowerCase().split(/\s+/);
  const at = phrase.lastIndexOf(head);
  const before = at > 0 ? phrase[at - 1]!.replace(/['’]s?$/, "") : "";
  const kind = before !== "" && before === phrase[at - 1] ? lexicon.pick(before)?.kind : undefined;
  return kind && !["structure", "room", "place", "vehicle", "water", "landform", "celestial", "time", "abstract"].includes(kind)
    ? `${before} ${head}`
    : head;
}

/** What the protagonist carries, by what they are: a warrior a sword, a keeper a lantern, a cook or a clerk nothing. */
export function itemOf(label: string, lexicon: PainterLexicon): Look["item"] | undefined {
  const sense = lexicon.pick(label.split(" ").pop()!, { expect: "being" });
  if (!sense) return undefined;
  const kinds = [...sense.words, ...sense.ancestors];
  if (kinds.some((w) => /^(warrior|soldier|swordsman|knight|fighter|samurai|mercenary|gladiator|guard)$/.test(w))) return "sword";
  if (kinds.some((w) => /^(keeper|lamplighter|watchman|miner)$/.test(w))) return "lantern";
  if (kinds.some((w) => /^(pilgrim|wanderer|traveler|shepherd|wizard|magician|hermit)$/.test(w))) return "staff";
  if (kinds.some((w) => /^(cook|worker|employee|scientist|child|juvenile)$/.test(w))) return "none";
  return undefined;
}

/** How many figures a subject is: "the two rival chefs" two, "the gang of grandmothers" three, "the keeper" one. */
export function figuresOf(subject: string | undefined): number {
  if (!subject) return 1;
  const head = subject.split(/[,;(]/)[0]!.toLowerCase();
  const number = /\b(two|both|pair|twins|couple)\b/.test(head)
    ? 2
    : /\b(three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|family|gang|crew|team|band|troupe|tribe|pack|colony|swarm|flock|herd|group)\b/.test(
          head,
        )
      ? 3
      : 0;
  if (number > 0) return number;
  if (/ and /.test(head)) return 2;
  // The local author writes "the ones the camera follows" for a protagonist of several ("the musicians").
  return /\bthe ones\b/i.test(subject) ? 3 : 1;
}
