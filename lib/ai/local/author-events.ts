// The local author's events (author.ts): the spine, a shortcut or a way back, every ending from the
// last plain state, and things to do in place.
import type { Event, Prng } from "@/lib/kernel";
import type { getLexicon, Kind } from "@/lib/lexicon";
import type { Place, Thing } from "./cast";
import { actionPhrase, overlaps, pickOr, shuffle } from "./author-phrases";
import { agree, looksPlural, movesTo, thingDetail } from "./prose";
import { capitalize, truncate, type Action } from "./text";

/** A part of a thing worth a detail ("the bell's clapper"), from the lexicon. */
export function partOf(thing: Thing, lexicon: ReturnType<typeof getLexicon>): string | undefined {
  const sense = lexicon.pick(thing.head, { expect: "thing" });
  const part = sense ? lexicon.parts(sense, 1).find((p) => lexicon.familiarity(p.lemma) > 0 && !p.lemma.includes(" ")) : undefined;
  return part?.lemma;
}

export interface EventInput {
  ids: string[];
  allPlaces: Place[];
  plainCount: number;
  endingCount: number;
  outcomes: string[];
  others: string[];
  things: Thing[];
  deeds: Action[];
  goal: Action | undefined;
  rng: Prng;
  v: (phrase: string) => string;
  opener: () => string;
  lexiconParts: (thing: Thing) => string | undefined;
}

/** Events: the spine, a shortcut or a way back, every ending from the last plain state, and things to do in place. */
export function authorEvents(x: EventInput): Event[] {
  const { ids, allPlaces, plainCount, endingCount, outcomes, others, things, deeds, goal, rng, v, opener } = x;
  const events: Event[] = [];
  const namesByState = new Map<string, Set<string>>();
  const uniqueName = (from: string, name: string): string => {
    let names = namesByState.get(from);
    if (!names) namesByState.set(from, (names = new Set()));
    const base = truncate(name, 80);
    let candidate = base;
    for (let n = 0; names.has(candidate.toLowerCase()); n++)
      candidate = truncate(`${["Again", "Once more", "Still"][n % 3] as string}: ${base}`, 80);
    names.add(candidate.toLowerCase());
    return candidate;
  };
  const transition = (from: number, to: number, hotkey: string, name: string, base: string, detail: string): void => {
    const f = ids[from] as string;
    events.push({ from: f, to: ids[to] as string, name: uniqueName(f, name), base, detail, hotkey });
  };
  const override = (from: number, hotkey: string, name: string, base: string, detail: string): void => {
    const f = ids[from] as string;
    events.push({ from: f, name: uniqueName(f, name), base, detail, hotkey });
  };
  const thingAt = (i: number, place: Place): Thing | undefined => {
    const fitting = things.filter((t) => !overlaps(t.phrase, place.phrase));
    return fitting.length > 0 ? fitting[i % fitting.length] : undefined;
  };

  const lastPlain = plainCount - 1;
  for (let i = 0; i < plainCount; i++) {
    const here = allPlaces[i] as Place;
    if (i < lastPlain) {
      const target = allPlaces[i + 1] as Place;
      const move = rng.pick(movesTo(target.kind, target.env));
      const guideCandidate = others.length > 0 && rng.next() < 0.35 ? others[(i + 1) % others.length] : undefined;
      const guide = guideCandidate && !overlaps(guideCandidate, target.phrase) ? guideCandidate : undefined;
      const deed = deeds.length > 0 ? deeds[i % deeds.length] : undefined;
      const past = thingAt(i + 1, target);
      transition(
        i,
        i + 1,
        "1",
        guide ? `Follow ${guide} to ${target.phrase}` : `${capitalize(move)} ${target.phrase}`,
        `${opener()}, {hero} ${guide ? `${v("follow")} ${guide} to` : v(move)} ${target.phrase}${deed && !overlaps(actionPhrase(deed), `${target.phrase} ${move} ${guide ?? ""}`) ? `, hoping to ${actionPhrase(deed)}` : ""}.`,
        past && !overlaps(past.phrase, target.phrase)
          ? `The way to ${target.phrase} leads past ${past.phrase}.`
          : overlaps("way", target.phrase)
            ? `${capitalize(target.phrase)} ${looksPlural(target.phrase) ? "are" : "is"} not far.`
            : `The way to ${target.phrase} is ${pickOr(
                rng,
                ["short", "long", "steep", "narrow"].filter((a) => !overlaps(a, target.phrase)),
                "short",
              )}.`,
      );
      // A branch: a shortcut ahead, or a way back to where the hero has been.
      if (rng.next() < 0.5) {
        if (i + 2 <= lastPlain) {
          const ahead = allPlaces[i + 2] as Place;
          transition(
            i,
            i + 2,
            "2",
            `Take the shortcut to ${ahead.phrase}`,
            `${opener()}, {hero} ${v("take")} a hidden path straight to ${ahead.phrase}.`,
            overlaps("far side", here.phrase) ? `A narrow way opens here.` : `A narrow way opens at the far side of ${here.phrase}.`,
          );
        } else if (i > 0) {
          const back = allPlaces[i - 1] as Place;
          transition(
            i,
            i - 1,
            "2",
            `Return to ${back.phrase}`,
            `${opener()}, {hero} ${v("return")} to ${back.phrase}.`,
            `Something was left behind in ${back.phrase}.`,
          );
        }
      }
    } else {
      // The last plain state opens every ending: the goal itself, or walking away from it.
      for (let k = 0; k < endingCount; k++) {
        const endIndex = plainCount + k;
        const outcome = outcomes[k] as string;
        const end = allPlaces[endIndex] as Place;
        const name =
          outcome === "bad"
            ? others.length > 0
              ? `Trust ${others[0] as string}`
              : `Turn away toward ${end.phrase}`
            : goal
              ? capitalize(actionPhrase(goal))
              : `Press on to ${end.phrase}`;
        const base =
          outcome === "bad"
            ? `For a moment {hero} ${v("hesitate")}, and the path bends toward ${end.phrase}.`
            : goal && overlaps(goal.object, end.phrase)
              ? `${opener()}, {hero} ${v(actionPhrase(goal))}.`
              : `${opener()}, {hero} ${goal ? v(actionPhrase(goal)) : v("press on")} and ${v("go")} on toward ${end.phrase}.`;
        transition(
          i,
          endIndex,
          String(k + 1),
          name,
          base,
          overlaps(here.phrase, end.phrase)
            ? `${capitalize(end.phrase)} ${looksPlural(end.phrase) ? "lie" : "lies"} ahead.`
            : `Beyond ${here.phrase} ${looksPlural(end.phrase) ? "lie" : "lies"} ${end.phrase}.`,
        );
      }
      if (i > 0 && rng.next() < 0.4) {
        const back = allPlaces[i - 1] as Place;
        transition(
          i,
          i - 1,
          String(endingCount + 1),
          `Return to ${back.phrase}`,
          `${opener()}, {hero} ${v("retreat")} to ${back.phrase} to think.`,
          `${capitalize(back.phrase)} is still within reach.`,
        );
      }
    }

    // Things to do in place, each verb fitting its object: examine things, talk to people, look around places.
    const inPlace: { name: string; base: string; detail: string }[] = [];
    const thing = thingAt(i, here);
    if (thing)
      inPlace.push({
        name: `Examine ${thing.phrase}`,
        base: `${opener()}, {hero} ${v("examine")} ${thing.phrase} closely.`,
        detail: thingDetail(thing.kind as Kind, x.lexiconParts(thing), rng),
      });
    if (others.length > 0) {
      const who = others[i % others.length] as string;
      const topic = thingAt(i + 1, here);
      inPlace.push({
        name: `Talk to ${who}`,
        base: `${opener()}, {hero} ${v("speak")} with ${who}.`,
        detail: topic
          ? `${capitalize(who)} ${tvAgree(who, "mention")} ${topic.phrase}.`
          : `${capitalize(who)} ${tvAgree(who, "say")} little, but ${tvAgree(who, "listen")}.`,
      });
    }
    const act = deeds.length > 1 ? deeds[(i + 1) % deeds.length] : undefined;
    if (act && act !== goal && !overlaps(act.object, here.phrase))
      inPlace.push({
        name: capitalize(actionPhrase(act)),
        base: `Right here in ${here.phrase}, {hero} ${v("try")} to ${actionPhrase(act)}.`,
        detail: `It is harder than it looks.`,
      });
    inPlace.push({
      name: `Look around ${here.phrase}`,
      base: `For a while {hero} ${v("look")} around ${here.phrase}.`,
      detail: rng.pick([
        "Nothing here is quite as it seemed.",
        "Every corner holds something to notice.",
        "The quiet here is its own kind of answer.",
      ]),
    });
    const count = rng.int(Math.min(3, inPlace.length) + 1);
    const hotkeys = ["q", "e", "r"];
    for (const [k, o] of shuffle(inPlace, rng).slice(0, count).entries()) override(i, hotkeys[k] as string, o.name, o.base, o.detail);
  }
  return events;
}

const tvAgree = (subjectPhrase: string, verb: string): string => agree(verb, looksPlural(subjectPhrase));
