import type { Event, State, World } from "@/lib/kernel";
import { getLexicon } from "@/lib/lexicon";
import type { Bible, SubjectRefInput } from "../provider";
import { isAftermath, readChapter, type Beat } from "./chapter-read";
import { conditionsOf, deedOf, inOrAt, line, proseOf, scenesOf, slug, wayTo, type Scene } from "./chapter-scenes";
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
