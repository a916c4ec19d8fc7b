import nlp from "compromise";
import { fillTemplate, type World } from "@/lib/kernel";
import { getLexicon } from "@/lib/lexicon";
import { framePrompt } from "../frame-prompt";
import type { SceneManifest } from "../scene-manifest";
import { composeScene } from "./paint/compose";
import { readConditions } from "./paint/read";
import { isFunctionWord } from "./read";

// The measures of issue 26's quality test (author.setting.quality.test.ts), kept apart so that
// the test and a report script read the same figures. The premise's nouns are compromise's
// reading of the premise, independent of the author's own reader and of the lexicon.

const singular = (w: string): string =>
  w.endsWith("ies")
    ? `${w.slice(0, -3)}y`
    : w.endsWith("es") && /(ch|sh|x|s|z)es$/.test(w)
      ? w.slice(0, -2)
      : w.endsWith("s") && !w.endsWith("ss")
        ? w.slice(0, -1)
        : w;
const wordsOf = (text: string): Set<string> =>
  new Set(
    (text.toLowerCase().match(/[a-z'-]+/g) ?? [])
      .flatMap((w) => [w, ...w.split("-")])
      .flatMap((w) => [w, singular(w), w.replace(/'s?$/, "")]),
  );

/** compromise's verb forms of a word it tagged as a noun ("crossing" → cross, crosses, crossed…): a premise's verb that compromise misread. */
const world = nlp.world() as unknown as {
  model: unknown;
  methods: {
    two: {
      transform: {
        verb: {
          toInfinitive: (s: string, model: unknown, tense?: string) => string;
          conjugate: (s: string, model: unknown) => Record<string, string | undefined>;
        };
      };
    };
  };
};
function verbForms(word: string): string[] {
  const t = world.methods.two.transform.verb;
  const tense = word.endsWith("ing") ? "Gerund" : word.endsWith("s") ? "PresentTense" : undefined;
  if (!tense) return [];
  const base = t.toInfinitive(word, world.model, tense);
  const forms = Object.values(t.conjugate(base, world.model)).filter((x): x is string => typeof x === "string");
  return forms.includes(word) ? forms : [];
}
/** A noun is named when the prose says it (singular or plural), or, for a word the premise used as a verb, any form of that verb. */
const named = (noun: string, said: Set<string>): boolean =>
  said.has(noun) || said.has(singular(noun)) || verbForms(noun).some((f) => said.has(f));

/** Every prose field a player reads, with the hero's slot filled. */
export function proseOf(world: World): string[] {
  const fill = (t: string): string => fillTemplate(t, undefined, world.slots);
  const states = Object.values(world.scene.states);
  return [
    ...states.flatMap((s) => [s.base, s.ending.title ?? "", s.ending.text ?? "", ...s.variants.map((v) => v.base)]),
    ...world.scene.events.flatMap((e) => [e.name, e.base, e.detail]),
  ]
    .filter((t): t is string => typeof t === "string" && t !== "")
    .map(fill);
}

/** The premise's nouns (as a reader listed them, premises-setting.ts) no prose field names. */
export function unnamedNouns(nouns: readonly string[], world: World): string[] {
  const said = wordsOf(proseOf(world).join(" "));
  return nouns.filter((n) => !named(n.toLowerCase(), said));
}

/** The manifest of every state's frame, as generation paints them (lib/ai/frame-prompt.ts, with the worker's lexicon). */
export function drawnFrames(world: World): SceneManifest[] {
  const lexicon = getLexicon();
  return Object.keys(world.scene.states).map(
    (id) => composeScene({ ...framePrompt(world, id), aspect: "16:9", lite: true }, lexicon).manifest,
  );
}

/**
 * The premise's nouns no frame draws: not a word of any object's label, nor the light or
 * weather a frame is painted in ("dawn", "storm"). A word the premise used as a verb is not
 * a thing to draw.
 */
export function undrawnNouns(nouns: readonly string[], frames: SceneManifest[]): string[] {
  const drawn = wordsOf(frames.flatMap((f) => f.objects.map((o) => o.label)).join(" "));
  const lit = (n: string): boolean => {
    const c = readConditions(n);
    return (
      (c.time !== null && frames.some((f) => f.timeOfDay === c.time)) || (c.weather !== null && frames.some((f) => f.weather === c.weather))
    );
  };
  return nouns.map((n) => n.toLowerCase()).filter((n) => !drawn.has(n) && !drawn.has(singular(n)) && !lit(n));
}

/**
 * Sentences that restate their own noun or adjective ("the soft orchard is soft", "the comet
 * smells of comet"): a content word said twice in one sentence, outside one noun phrase said
 * whole ("the night market" twice is a repetition too).
 */
export function restatingSentences(world: World): string[] {
  const out: string[] = [];
  const hero = (world.slots?.hero ?? "").toLowerCase();
  for (const field of proseOf(world)) {
    for (const sentence of field.split(/(?<=[.!?])\s+/)) {
      const lower = hero ? sentence.toLowerCase().split(hero).join(" ") : sentence.toLowerCase();
      const words = (lower.match(/[a-z'-]+/g) ?? [])
        .map((w) => w.replace(/'s$/, ""))
        .filter((w) => w.length > 2 && !isFunctionWord(w) && w !== "the");
      const seen = new Set<string>();
      if (words.some((w) => (seen.has(singular(w)) ? true : (seen.add(singular(w)), false)))) out.push(sentence);
    }
  }
  return out;
}

/** The places of the old author's fixed stock (issue 26): "the pale library", "the humming harbor"… */
const OLD_STOCK =
  /^(the )?(cold|hushed|smoke-dark|uneasy|golden|warm|sunlit|lively|grey|faded|quiet|rain-soft|shimmering|starlit|strange|glowing|restless|flickering|charged|breathless|still|pale|humming|soft|far|high|open|distant|lantern)[ -](garden|harbor|archive|market|tower|bridge|cellar|rooftop|observatory|chapel|workshop|station|orchard|lighthouse|library|canyon|courtyard|pier|shore|gate|room|hill|window|road|threshold)$/;
const slugOf = (phrase: string): string =>
  phrase
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** States whose place is a stock place (the old fixed list, or a genre's stock of stock.ts), by their ids. */
export function stockStates(world: World, stock: readonly string[], nouns: readonly string[]): string[] {
  const slugs = new Set(stock.map(slugOf));
  const premise = new Set(nouns.map((n) => singular(n.toLowerCase())));
  return Object.keys(world.scene.states).filter((id) => {
    const place = id.replace(/^(s|end)\d+-?/, "");
    // A stock phrase the premise itself names ("a bustling harbor market" → the harbor) is the premise's.
    if (place.split("-").some((w) => premise.has(singular(w)))) return false;
    return slugs.has(place) || OLD_STOCK.test(place.replace(/-/g, " "));
  });
}
