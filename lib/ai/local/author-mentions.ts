// The local author's last pass (author.ts): everyone and everything the text names is somewhere
// in the world. What no sentence happened to name is seen, heard or met in a plain state where it
// fits; things, people and weather are seen, so a state's own prose (what its frame is painted
// from) names them.
import type { Event, State } from "@/lib/kernel";
import { bare, overlaps } from "./author-phrases";
import type { Place, Thing } from "./cast";
import { restates } from "./prose";
import { isFunctionWord } from "./read";
import { capitalize } from "./text";

export interface MentionInput {
  states: Record<string, State>;
  events: readonly Event[];
  ids: readonly string[];
  plainCount: number;
  allPlaces: readonly Place[];
  hero: string;
  others: readonly string[];
  things: readonly Thing[];
  weathers: readonly string[];
  notions: readonly string[];
  /** What the text calls the protagonist besides their name ("Jonah Thistlewood, a lamplighter"). */
  aliases: readonly string[];
  /** A verb phrase agreed with the hero. */
  v: (phrase: string) => string;
  /** A verb phrase agreed with its subject. */
  tv: (subjectPhrase: string, phrase: string) => string;
}

/** Adds a sentence to a state's prose for each person, thing, weather, notion and alias no prose names yet. */
export function mentionEveryone(x: MentionInput): void {
  const { states, events, ids, plainCount, allPlaces, hero, others, things, notions, v, tv } = x;
  const norm = (t: string): string => ` ${t.toLowerCase().replace(/[^a-z0-9' ]+/g, " ")} `;
  const seen = (phrase: string): boolean =>
    norm(
      Object.values(states)
        .map((st) => st.base)
        .join(" "),
    ).includes(norm(bare(phrase)).slice(0, -1));
  const said = (phrase: string): boolean =>
    norm(
      [
        ...Object.values(states).flatMap((st) => [st.base, st.ending.text ?? "", st.ending.title ?? ""]),
        ...events.flatMap((e) => [e.name, e.base, e.detail]),
      ].join(" "),
    ).includes(norm(bare(phrase)).slice(0, -1));
  const plainIds = ids.slice(0, plainCount);
  let slot = 0;
  const addTo = (sentence: (place: Place) => string, fits: (p: Place) => boolean = () => true): void => {
    for (let k = 0; k < plainIds.length; k++) {
      const at = (slot + k) % plainIds.length;
      const place = allPlaces[at] as Place;
      if (!fits(place)) continue;
      const st = states[plainIds[at] as string] as State;
      const line = sentence(place);
      if (restates(`${st.base} ${line}`.split(/(?<=[.!?])\s+/).pop() ?? line, isFunctionWord)) continue;
      st.base = `${st.base} ${line}`;
      slot = at + 1;
      return;
    }
  };
  for (const who of others) if (!seen(who)) addTo(() => `${capitalize(who)} ${tv(who, "wait")} nearby.`);
  for (const t of things)
    if (!seen(t.phrase))
      addTo(
        (p) => `Not far off, {hero} ${v("notice")} ${t.phrase}${overlaps(t.phrase, p.phrase) ? "" : ""}.`,
        (p) => !overlaps(t.phrase, p.phrase),
      );
  for (const w of x.weathers)
    if (!seen(w)) addTo((p) => (p.env === "outdoor" ? `All around, ${w} ${tv(w, "rage")}.` : `Outside, ${w} ${tv(w, "rage")}.`));
  for (const n of notions) if (!said(n)) addTo(() => `All the while, {hero} ${v("think")} of ${n}.`);
  // "Jonah Thistlewood, a lamplighter": what the text calls the protagonist besides their name.
  const entrance = states[ids[0] as string] as State;
  for (const alias of x.aliases.filter((a) => !said(a) && a.toLowerCase() !== hero.toLowerCase()).slice(0, 1))
    entrance.base = `${entrance.base} Everyone here knows {hero} as ${alias}.`;
}
