// Where a chapter's climax is (chapter-read.ts): the turn of its second half.
import type { Beat, NameKind } from "./chapter-span";
import { AFTERMATH, isFunction, STRONG_VERBS } from "./chapter-words";

const CONTENT = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3 && !isFunction(w))
    .map((w) => w.replace(/s$/, ""));

/**
 * The climax: the turn of the chapter's second half. Each narrated sentence after the chapter's
 * first two fifths is weighed by the deed it tells (a verb that turns a story: ring, seize,
 * flee, plead…), how many of the chapter's people it brings together, how much it answers the
 * chapter's opening and title (the dark bell tower of the first lines is rung at the turn), and
 * where it falls (the turn comes late, before the aftermath; a paragraph that leaps forward in
 * time is the aftermath).
 */
export function findClimax(beats: Beat[], paragraphs: string[], kinds: Map<string, NameKind>, hero: string | undefined): number {
  if (beats.length === 0) return 0;
  // The heading (its words count twice) and the first paragraph.
  const heading = new Set(
    CONTENT(paragraphs[0] ?? "").filter((w) => !/^(chapter|stave|part|book|first|second|third|last|three|end)$/.test(w)),
  );
  const opening = new Set(CONTENT(paragraphs[1] ?? ""));
  let leapt = false;
  const counts = new Map<string, number>();
  for (const b of beats) for (const p of b.people) counts.set(p, (counts.get(p) ?? 0) + 1);
  const heroWord = hero
    ?.split(" ")
    .pop()
    ?.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const heroSelf = heroWord ? new RegExp(`\\b${heroWord}\\b(?!['’]s?\\b)`, "u") : undefined;
  let best = beats.length - 1;
  let bestScore = -Infinity;
  for (const b of beats) {
    if (b.at < 0.4 && beats.length > 4) continue;
    const words = b.text.split(/[^\p{L}'’]+/u).map((w) => w.toLowerCase());
    const strong = words.some((w) => {
      const bases = [w, w.replace(/(?:ed|ing|s)$/, ""), w.replace(/(?:ied)$/, "y"), w.replace(/ed$/, "e")];
      return bases.some((x) => STRONG_VERBS.has(x)) || IRREGULAR_STRONG.has(w);
    });
    const own = [...new Set(CONTENT(b.text))];
    const echo =
      Math.min(4, own.filter((w) => heading.has(w)).length * 2 + own.filter((w) => opening.has(w) && !heading.has(w)).length) / 2;
    // The chapter's own cast (named twice or more), not a sentence's list of allusions.
    const named =
      Math.min(2, b.people.filter((p) => (counts.get(p) ?? 0) >= 2).length) +
      (b.deeds.some((d) => /, \p{Lu}/u.test(d.object)) ? 1 : 0) +
      [...kinds.entries()].filter(([n, k]) => k === "thing" && b.text.includes(n)).length;
    // The aftermath: from a sentence that leaps forward in time ("In the spring…") on.
    leapt ||= AFTERMATH.test(b.text);
    const next0 = beats[b.index + 1];
    const aftermath = leapt || (next0 !== undefined && AFTERMATH.test(next0.text)) ? 4 : 0;
    const late = b.at >= 0.45 ? 1.5 + 2 * b.at : 0;
    // The turn is the protagonist's: named in it, or in the sentence before.
    // (Themselves, not only something of theirs: "Scrooge's nephew" is not Scrooge.)
    const heroThere = heroSelf !== undefined && (heroSelf.test(b.text) || heroSelf.test(beats[b.index - 1]?.text ?? "")) ? 2 : 0;
    // What it sets going: the next sentence of its paragraph reaching more people and places ("the sound rolled down the valley to Kettle Ford").
    const next = beats[b.index + 1];
    const reach =
      next && next.paragraph === b.paragraph && !AFTERMATH.test(next.text)
        ? Math.min(2, next.people.length + next.settings.length + (next.text.match(/[\p{Ll},] \p{Lu}\p{Ll}+/gu)?.length ?? 0)) * 0.5
        : 0;
    const feeling = Math.min(2, (b.text.match(AFFECT)?.length ?? 0) * 0.75);
    const score =
      feeling +
      heroThere +
      reach +
      (strong ? 3 : 0) +
      named * 1.2 +
      echo * 1.5 +
      late +
      (/!/.test(b.text) ? 0.5 : 0) -
      aftermath -
      (b.spoken ? 1 : 0) -
      (b.text.length < 40 ? 1 : 0) -
      (b.text.length > 400 ? 2 : 0);
    if (process.env.CLIMAX_DEBUG && score > 7)
      console.log(
        score.toFixed(1),
        JSON.stringify({ strong, echo, named, aftermath, late: late.toFixed(2), reach, feeling }),
        b.text.slice(0, 100),
      );
    if (score >= bestScore) {
      bestScore = score;
      best = b.index;
    }
  }
  return best;
}

/** Words of a peak of feeling: fear, grief, pleading, joy. */
const AFFECT =
  /\b(trembl\w*|terror|horror|dread\w*|fear\w*|wept|weep\w*|tears|sob\w*|shudder\w*|gasp\w*|knees|kneel\w*|knelt|pray\w*|plead\w*|implor\w*|despair\w*|agony|anguish|joy\w*|ecstas\w*|rapture|shriek\w*|scream\w*)\b/gi;

/** Past forms of the strong verbs that spelling alone does not undo. */
const IRREGULAR_STRONG = new Set(
  "rang rung seized fell fled broke broken burst tore torn fought died slew drowned shut threw thrown hurled freed read won lost caught shot woke awoke sank sunk vowed forgave knelt wept sobbed rose struck".split(
    " ",
  ),
);
