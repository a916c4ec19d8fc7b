// A chapter's scenes as chapter-world.ts builds them: the book's beats grouped by the place the
// narration is in, the sentences fit for each scene's prose, the way onward to each, and the
// climax's deed as an order.
import type { Kind } from "@/lib/lexicon";
import type { Beat, ChapterSpan } from "./chapter-read";
import { capitalize, cleanText, truncate } from "./text";

export interface Scene {
  place: string;
  kind: Kind;
  beats: Beat[];
  /** The path came here before. */
  revisit: boolean;
  /** The same place as the scene before: the story goes on there. */
  stay?: boolean;
}

const MAX_SCENES = 6;
const MOTION = new Set(
  "go walk run climb creep cross ride sail row enter follow return come hurry descend ascend leave pass step drive wander fly float reach stand sit stop arrive approach lead turn flee move rush hasten make head".split(
    " ",
  ),
);
const PRONOUN_START = /^(?:he|she|they|it|his|her|their|its|this|that|then|but|and|so)\b/i;

export const slug = (text: string): string =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24)
    .replace(/-+$/, "");

/** A sentence of the book fit for a prose field: one line, at most `max` characters. */
export const line = (text: string, max = 320): string => truncate(cleanText(text), max);

/**
 * The scenes of the chapter up to its climax: a new scene where the narration arrives somewhere
 * else with the protagonist (named, or the "he", "she", "they" the sentence opens with), or at a
 * place the chapter sets twice or more; not where someone else runs off to, nor a place of an aside.
 */
export function scenesOf(span: ChapterSpan, hero: string): Scene[] {
  const upTo = span.beats.slice(0, span.climax + 1);
  const scenes: Scene[] = [];
  const setCount = new Map<string, number>();
  for (const b of span.beats) for (const s of b.settings) setCount.set(s.place, (setCount.get(s.place) ?? 0) + 1);
  const heroWord = hero.split(" ").pop() ?? hero;
  const cast = new Map<string, number>();
  for (const b of span.beats) for (const p of b.people) cast.set(p, (cast.get(p) ?? 0) + 1);
  const withHero = (b: Beat): boolean =>
    b.people.some((p) => p === hero || p.split(" ").includes(heroWord)) ||
    /\b(?:he|she|they)\b/i.test(b.text.replace(/["“][^"”]*["”]/g, ""));
  for (const b of upTo) {
    // ("A churchyard.": a sentence that is only a place sets the scene, whoever is named.)
    // Someone else's arrival ("the clerk ran home to Camden Town", "the Lord Mayor, in the stronghold") is not the story's.
    const heroThere = (d: string): boolean =>
      /^(he|she|they|we|i)$/.test(d) ||
      d === hero ||
      d.split(" ").includes(heroWord) ||
      d.split(" and ").some((x) => x === hero || x.split(" ").includes(heroWord));
    // One of the chapter's cast going somewhere in a paragraph the protagonist is in goes with them ("Tobias Fenn poled his flat boat through Greyfen Marsh").
    const withCompany = (d: string): boolean =>
      (cast.get(d) ?? 0) >= 2 &&
      span.beats.some(
        (x) => x.paragraph === b.paragraph && withHero(x) && x.people.some((p) => p === hero || p.split(" ").includes(heroWord)),
      );
    const arrival = b.settings.find(
      (s) =>
        (s.verb === "" && s.prep === "") ||
        (s.doer !== "" ? heroThere(s.doer) || withCompany(s.doer) : (setCount.get(s.place) ?? 0) >= 2 || withHero(b)),
    );
    const current = scenes[scenes.length - 1];
    if (arrival && (!current || current.place !== arrival.place)) {
      scenes.push({ place: arrival.place, kind: span.placeKinds.get(arrival.place) ?? "place", beats: [b], revisit: false });
    } else if (current) current.beats.push(b);
    else scenes.push({ place: "", kind: "place", beats: [b], revisit: false });
  }
  // Beats before any place belong to the first place named.
  if (scenes.length > 1 && scenes[0]!.place === "") {
    const [head, next] = scenes as [Scene, Scene];
    next.beats = [...head.beats, ...next.beats];
    scenes.shift();
  }
  // Too many: fold the scene with the fewest beats into the one before it (the first and the climax's stay).
  while (scenes.length > MAX_SCENES) {
    let fewest = 1;
    for (let i = 1; i < scenes.length - 1; i++) if (scenes[i]!.beats.length < scenes[fewest]!.beats.length) fewest = i;
    if (fewest >= scenes.length - 1) fewest = scenes.length - 2;
    const gone = scenes[fewest]!;
    scenes[fewest - 1]!.beats.push(...gone.beats);
    scenes.splice(fewest, 1);
  }
  // Two scenes in a row at one place are one.
  for (let i = scenes.length - 1; i > 0; i--) {
    if (scenes[i]!.place === scenes[i - 1]!.place) {
      scenes[i - 1]!.beats.push(...scenes[i]!.beats);
      scenes.splice(i, 1);
    }
  }
  const seen = new Set<string>();
  for (const s of scenes) {
    s.revisit = seen.has(s.place);
    seen.add(s.place);
  }
  return scenes;
}

/** The best narrated sentences of a scene for its prose: those that say where, or name someone, not dialogue. */
export function proseOf(scene: Scene, used: Set<number>, count: number, hero: string, elsewhere: readonly string[]): string {
  const ranked = scene.beats
    .filter((b) => !used.has(b.index) && b.text.length >= 25)
    // (On the first screen: no sentence naming a place the chapter only speaks of.)
    .filter((b) => !elsewhere.some((p) => b.text.includes(p)))
    .map((b) => ({
      b,
      score:
        (b.settings.some((s) => s.place === scene.place) ? 3 : 0) +
        b.people.length +
        (b.spoken ? -3 : 0) +
        (PRONOUN_START.test(b.text) ? -1.5 : 0) +
        (b.text.includes(hero) ? 1 : 0) -
        (b.text.length > 380 ? 2 : 0),
    }))
    .sort((x, y) => y.score - x.score || x.b.index - y.b.index)
    .slice(0, count)
    .map((x) => x.b)
    .sort((x, y) => x.index - y.index);
  for (const b of ranked) used.add(b.index);
  return ranked.map((b) => line(b.text, 340)).join(" ");
}

/** "Kettle Ford" → "at Kettle Ford"; a room or a building → "in". */
export const inOrAt = (kind: Kind): string => (kind === "room" || kind === "structure" || kind === "vehicle" ? "in" : "at");

/** The way onward to a scene, typed by what the place is, in the book's verb when it moved there. */
export function wayTo(scene: Scene, hero: string): { name: string; base: string } {
  const arrival = scene.beats.find((b) => b.settings.some((s) => s.place === scene.place));
  const setting = arrival?.settings.find((s) => s.place === scene.place);
  const place = scene.place;
  if (scene.stay)
    return {
      name: `Stay ${inOrAt(scene.kind)} ${place}`,
      base: line(
        (scene.beats.find((b) => !b.spoken) ?? scene.beats[0])?.text ?? `${capitalize(hero)} stays ${inOrAt(scene.kind)} ${place}.`,
      ),
    };
  if (scene.revisit) return { name: `Go back to ${place}`, base: arrival ? line(arrival.text) : `{hero} goes back to ${place}.` };
  // The book's verb when the one moving is the hero (or "they"), not someone else ("Marguerite fled across the lake").
  const byOther =
    arrival !== undefined &&
    arrival.people.length > 0 &&
    !arrival.people.some((p) => p === hero || p.split(" ").some((w) => hero.split(" ").includes(w)));
  const verb = setting && MOTION.has(setting.verb) && !byOther ? setting.verb : "";
  const road = /\b(road|street|lane|path|track|way|bridge|alley|avenue|highway|trail)$/.test(place);
  const roads = /\b(roads|streets|lanes|paths|tracks|ways|alleys|avenues|highways|trails)$/.test(place);
  const name = verb
    ? `${capitalize(verb)} ${setting!.prep === "" ? "" : `${setting!.prep} `}${place}`
    : road
      ? `Take ${place}`
      : roads
        ? `Walk ${place}`
        : scene.kind === "vehicle"
          ? `Board ${place}`
          : scene.kind === "room" || scene.kind === "structure"
            ? `Enter ${place}`
            : `Go to ${place}`;
  return { name: truncate(name, 80), base: arrival ? line(arrival.text) : `${capitalize(hero)} goes on to ${place}.` };
}

/** The climax's deed as an order: its strongest verb and what it acts on ("Ring the great bell, Old Gideon"). */
export function deedOf(climax: Beat, span: ChapterSpan): { name: string; verb: string; object: string } {
  const deed = span.deed;
  if (deed && deed.object !== "" && !/^(it|he|she|they|him|her|them|that|this)$/i.test(deed.object))
    return { name: truncate(`${capitalize(deed.verb)} ${deed.object}`, 80), verb: deed.verb, object: deed.object };
  const setting = climax.settings[climax.settings.length - 1];
  if (setting && setting.verb)
    return {
      name: truncate(`${capitalize(setting.verb)} ${setting.prep || "to"} ${setting.place}`, 80),
      verb: setting.verb,
      object: `${setting.prep || "to"} ${setting.place}`,
    };
  const who = climax.people.find((p) => p !== span.people[0]);
  if (who) return { name: `Face ${who}`, verb: "face", object: who };
  return { name: "See it through", verb: "see", object: "it through" };
}

/** The chapter's own words for the light and the sky of a scene, if it has any. */
export function conditionsOf(scene: Scene): string | undefined {
  const words = scene.beats.flatMap((b) => b.conditions);
  return words[0];
}
