import type { Event, State, World } from "@/lib/kernel";
import { getLexicon, type Kind } from "@/lib/lexicon";
import type { Bible, SubjectRefInput } from "../provider";
import { isAftermath, readChapter, type Beat, type ChapterSpan } from "./chapter-read";
import { sceneSvgDataUri } from "./painter";
import { capitalize, cleanText, truncate, type Tone } from "./text";

// A chapter of a book as a world that follows the book (`fidelity: "faithful"`): its states are
// the chapter's scenes in the book's order, each at a place the chapter's narration is in; its
// prose is the book's own sentences; its people are those the chapter names; the main path goes
// from scene to scene as the book does; the winning ending is the chapter's climax as the book
// tells it, and leads on to the next chapter; the losing ending is the climax failing. Nothing
// is invented against the book: no weather or hour it does not state, no "returns" unless the
// path really comes back to a place. Pure and deterministic.

export interface ChapterWorldInput {
  worldId: string;
  text: string;
  title: string;
  bible: Bible;
  pov: string;
  frameRef?: string;
  subjectRef?: SubjectRefInput;
}

interface Scene {
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

const slug = (text: string): string =>
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
const line = (text: string, max = 320): string => truncate(cleanText(text), max);

/**
 * The scenes of the chapter up to its climax: a new scene where the narration arrives somewhere
 * else with the protagonist (named, or the "he", "she", "they" the sentence opens with), or at a
 * place the chapter sets twice or more; not where someone else runs off to, nor a place of an aside.
 */
function scenesOf(span: ChapterSpan, hero: string): Scene[] {
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
function proseOf(scene: Scene, used: Set<number>, count: number, hero: string, elsewhere: readonly string[]): string {
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
const inOrAt = (kind: Kind): string => (kind === "room" || kind === "structure" || kind === "vehicle" ? "in" : "at");

/** The way onward to a scene, typed by what the place is, in the book's verb when it moved there. */
function wayTo(scene: Scene, hero: string): { name: string; base: string } {
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
function deedOf(climax: Beat, span: ChapterSpan): { name: string; verb: string; object: string } {
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
function conditionsOf(scene: Scene): string | undefined {
  const words = scene.beats.flatMap((b) => b.conditions);
  return words[0];
}

/** Builds one chapter's world from its text (see the file's header); null when the text tells too little to follow (fewer than two sentences). */
export function buildChapterWorld(input: ChapterWorldInput): World | null {
  const lexicon = getLexicon();
  const hero = cleanText(input.bible.protagonist) || "the narrator";
  const span = readChapter(input.text, lexicon, {
    hero,
    title: input.title,
    knownPeople: input.bible.characters.filter((c) => /^\p{Lu}/u.test(c) && input.text.includes(c)),
  });
  const heroName = span.people.find((p) => p === hero || p.startsWith(`${hero} `) || p.endsWith(` ${hero}`)) ?? hero;
  // The chapter's cast: named twice or more, not the protagonist.
  const mentions = (p: string): number => span.beats.filter((b) => b.people.includes(p)).length;
  const others = span.people.filter((p) => p !== heroName && !heroName.split(" ").includes(p) && mentions(p) >= 2);
  // "the Ghost", "the Spirit": a name the book itself writes after "the".
  const called = (p: string): string => {
    if (p.includes(" ")) return p;
    const withThe = input.text.match(new RegExp(`\\b[Tt]he ${p}\\b`, "g"))?.length ?? 0;
    const all = input.text.match(new RegExp(`\\b${p}\\b`, "g"))?.length ?? 0;
    return withThe * 2 > all ? `the ${p}` : p;
  };
  if (span.beats.length < 2) return null;
  const scenes = scenesOf(span, heroName);
  // A chapter with one place still walks: its beats before the climax in two halves.
  if (scenes.length === 1 && scenes[0]!.beats.length >= 4) {
    const only = scenes[0]!;
    const half = Math.ceil(only.beats.length / 2);
    scenes.push({ ...only, beats: only.beats.slice(half), revisit: false, stay: true });
    only.beats = only.beats.slice(0, half);
  }
  const fallbackPlace = span.places[0] ?? (cleanText(input.bible.setting.split(",")[0] ?? "") || "the story's first place");
  for (const s of scenes) if (s.place === "") s.place = fallbackPlace;
  const climax = span.beats[span.climax] as Beat;
  // Places the chapter only speaks of (another chapter's, perhaps): never on the first screen, never an action.
  const elsewhere = [...span.kinds.entries()].filter(([n, k]) => k === "place" && !span.places.includes(n)).map(([n]) => n);
  const climaxScene = scenes[scenes.length - 1] as Scene;

  const camera = {
    static: `steady ${input.pov.replace(/_/g, " ")} framing on {hero}`,
    dynamic: `${input.pov.replace(/_/g, " ")} framing that follows {hero}`,
  };
  const used = new Set<number>([climax.index]);
  const ids = scenes.map((s, i) => `s${i + 1}${slug(s.place) ? `-${slug(s.place)}` : ""}`);
  const states: Record<string, State> = {};
  const events: Event[] = [];

  scenes.forEach((scene, i) => {
    const id = ids[i] as string;
    // The first screen tells where the story is, not where it goes later; later scenes tell what the book tells.
    const prose =
      proseOf(scene, used, 2, heroName, i === 0 ? elsewhere : []) || `${capitalize(heroName)} is ${inOrAt(scene.kind)} ${scene.place}.`;
    const opening = scene.revisit ? `Back ${inOrAt(scene.kind)} ${scene.place}. ` : "";
    states[id] = {
      id,
      base: `${opening}${prose}`,
      camera: { ...camera },
      movement: {
        static: `${capitalize(inOrAt(scene.kind))} ${scene.place}, {hero} stands still`,
        dynamic: `Through ${scene.place}, {hero} moves on`,
      },
      ambient: [],
      ending: { isEnding: false },
      variants: [],
    };
  });

  // The main path: scene to scene in the book's order.
  scenes.forEach((scene, i) => {
    const next = scenes[i + 1];
    if (!next) return;
    const way = wayTo(next, heroName);
    events.push({
      from: ids[i] as string,
      to: ids[i + 1] as string,
      name: way.name,
      base: way.base,
      detail: `As the book goes on, the story moves ${inOrAt(next.kind)} ${next.place}.`,
      hotkey: "1",
    });
  });

  // In each scene: talk to (or follow) its people, take or use its things, look around its place.
  scenes.forEach((scene, i) => {
    const from = ids[i] as string;
    const names = new Set(events.filter((e) => e.from === from).map((e) => e.name.toLowerCase()));
    const add = (name: string, base: string, detail: string, hotkey: string): void => {
      const n = truncate(name, 80);
      if (names.has(n.toLowerCase())) return;
      names.add(n.toLowerCase());
      events.push({ from, name: n, base: line(base), detail: line(detail, 200), hotkey });
    };
    // Someone who does something in this scene (not only named in it: "the prediction of old Jacob Marley").
    // The one who does most here.
    const acting = (p: string): number => scene.beats.filter((b) => b.actors.includes(p)).length;
    const present = others.filter((p) => acting(p) > 0).sort((a, b) => acting(b) - acting(a));
    const who = present[0];
    if (who) {
      const said =
        scene.beats.find((b) => b.actors.includes(who) && b.spoken && !used.has(b.index)) ??
        scene.beats.find((b) => b.actors.includes(who) && !used.has(b.index));
      if (said) used.add(said.index);
      add(
        `Talk to ${called(who)}`,
        said?.text ?? `${capitalize(heroName)} speaks with ${called(who)}.`,
        `${capitalize(called(who))} is here ${inOrAt(scene.kind)} ${scene.place}.`,
        "q",
      );
    }
    const deed = scene.beats
      .flatMap((b) => b.deeds.map((d) => ({ ...d, beat: b })))
      .find((d) => d.beat.index !== climax.index && !used.has(d.beat.index));
    if (deed) {
      used.add(deed.beat.index);
      const verb = /^(take|pick|seize|grab|carry|lift|bring|hold|snatch|gather)$/.test(deed.verb)
        ? "Take"
        : /^(ring|light|open|use|turn|wind|strike|break|read|write|sign|fire|pull|push)$/.test(deed.verb)
          ? capitalize(deed.verb)
          : "Examine";
      add(
        `${verb} ${deed.object.replace(/^(\p{Lu}[\p{L}'’]+)/u, (m) => m)}`,
        deed.beat.text,
        `Here ${inOrAt(scene.kind)} ${scene.place}.`,
        "e",
      );
    }
    const look = scene.beats.find((b) => !used.has(b.index) && !b.spoken && b.text.length >= 25);
    if (look) {
      used.add(look.index);
      add(`Look around ${scene.place}`, look.text, `What the book tells of ${scene.place}.`, "r");
    }
  });

  // The endings, from the climax's scene: the climax as the book tells it, or the climax failing.
  const deed = deedOf(climax, span);
  // The climax as the book tells it: its sentence and the few after it (dialogue and all), about 600 characters.
  const toldBeats = [climax];
  for (let k = climax.index + 1, size = climax.text.length; k < span.beats.length && toldBeats.length < 5; k++) {
    const b = span.beats[k] as Beat;
    if (size + b.text.length > 600 || isAftermath(b.text)) break;
    toldBeats.push(b);
    size += b.text.length;
  }
  const told = toldBeats.map((b) => line(b.text, 400)).join(" ");
  const onward = "Here ends this chapter of the story.";
  const lastId = ids[ids.length - 1] as string;
  const winId = `end1-${slug(deed.object) || "climax"}`;
  const loseId = `end2-${slug(climaxScene.place) || "lost"}`;
  const endingState = (id: string, base: string, outcome: "good" | "bad", title: string, text: string): State => ({
    id,
    base,
    camera: { ...camera },
    movement: {
      static: `${capitalize(inOrAt(climaxScene.kind))} ${climaxScene.place}, {hero} stands still`,
      dynamic: `Through ${climaxScene.place}, {hero} moves on`,
    },
    ambient: [],
    ending: { isEnding: true, outcome, title: truncate(title, 80), text },
    variants: [],
  });
  states[winId] = endingState(winId, line(climax.text), "good", deed.name, `${told} ${onward}`);
  const failure = `{hero} falters ${inOrAt(climaxScene.kind)} ${climaxScene.place}, and the moment to ${`${deed.verb} ${deed.object}`.trim()} passes.${others[0] ? ` ${capitalize(called(others.find((o) => climax.people.includes(o)) ?? others[0]))} waits in vain.` : ""} This is not how the book goes on.`;
  states[loseId] = endingState(
    loseId,
    `{hero} hesitates ${inOrAt(climaxScene.kind)} ${climaxScene.place}.`,
    "bad",
    `The moment passes ${inOrAt(climaxScene.kind)} ${climaxScene.place}`,
    failure,
  );
  events.push({ from: lastId, to: winId, name: deed.name, base: line(climax.text), detail: `The turn of this chapter.`, hotkey: "1" });
  events.push({
    from: lastId,
    to: loseId,
    name: "Hesitate",
    base: `{hero} hesitates, and holds back from the moment.`,
    detail: `Not everyone finds the nerve.`,
    hotkey: "2",
  });

  // Ambient from the book only: the conditions each scene's own sentences state.
  scenes.forEach((scene, i) => {
    const said = conditionsOf(scene);
    if (said) (states[ids[i] as string] as State).ambient.push(said);
  });

  const first = scenes[0] as Scene;
  const firstHour = conditionsOf(first);
  const tone = (input.bible.tone as Tone) || "quiet";
  const image = /^https?:\/\//i.test((input.frameRef ?? "").trim())
    ? (input.frameRef as string).trim()
    : sceneSvgDataUri({ prompt: `${first.place}${firstHour ? ` ${firstHour}` : ""}, featuring ${heroName}`, mood: tone, aspect: "16:9" });
  const world: World = {
    id: input.worldId,
    name: truncate(`${cleanText(input.bible.title)}: ${cleanText(input.title)}`, 100),
    description:
      truncate(
        cleanText(
          span.beats
            .slice(0, 2)
            .map((b) => b.text)
            .join(" "),
        ),
        280,
      ) || cleanText(input.bible.summary),
    cover: image,
    subject: cleanText(input.subjectRef?.descriptor ?? "") || `${heroName}, the one the camera follows`,
    entrance: { image: { src: image, label: truncate(capitalize(first.place), 100) }, state: ids[0] as string },
    scene: { states, events },
    slots: { hero: heroName },
  };
  if (input.subjectRef !== undefined) world.subjectRef = { imageUrl: input.subjectRef.imageUrl, descriptor: world.subject };
  return world;
}
