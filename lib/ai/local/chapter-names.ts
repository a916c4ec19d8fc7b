// The names of a chapter sentence (chapter-read.ts): runs of capitalised words ("Brother Aldo",
// "Marguerite Sallow", "Ghost of Christmas Past"), without sentence openers that name no one.
import type { Lexicon } from "@/lib/lexicon";
import {
  beingAmongFirst,
  capitalised,
  CONTRACTION,
  isFunction,
  isPlaceNoun,
  NOT_NAMES,
  stripPossessive,
  TITLES,
  type Term,
} from "./chapter-words";

export interface NameRunContext {
  lexicon: Lexicon;
  /** Words the chapter capitalises mid-sentence: the only capitalised sentence openers that can be names. */
  midCaps: ReadonlySet<string>;
  /** The hero and the people already known, lower case. */
  known: ReadonlySet<string>;
}

/** The runs of capitalised words of a sentence's terms that are names, with where each starts and ends. */
export function nameRunsOf(terms: Term[], { lexicon, midCaps, known }: NameRunContext): { name: string; start: number; end: number }[] {
  const runs: { name: string; start: number; end: number }[] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i] as Term;
    if (!capitalised(t.text) || CONTRACTION.test(t.text)) continue;
    let j = i;
    const words: string[] = [];
    while (j < terms.length) {
      const x = terms[j] as Term;
      if (capitalised(x.text) && !CONTRACTION.test(x.text)) {
        words.push(x.text.replace(/\.$/, "") + (/^\./.test(x.post) && /^(Mr|Mrs|Ms|Dr|St)$/.test(x.text) ? "." : ""));
        j++;
        // "Marley's Ghost": a name's possessive runs on into a capitalised being.
        const next = terms[j];
        const owns =
          /['’]s$/.test(x.text) &&
          next !== undefined &&
          capitalised(next.text) &&
          beingAmongFirst(lexicon, next.lower) &&
          !/[,;:!?.—]/.test(x.post);
        if (
          (/['’]s$/.test(x.text) && !owns) ||
          /[,;:!?.—]/.test(x.post.replace(/^\.(?=\s*$)/, (m) => (/^(Mr|Mrs|Ms|Dr|St)$/.test(x.text) ? "" : m)))
        )
          break;
        continue;
      }
      // "Ghost of Christmas Past": "of" between capitalised words.
      if (x.lower === "of" && words.length > 0 && capitalised(terms[j + 1]?.text ?? "") && !/[,;:!?.]/.test(terms[j - 1]?.post ?? ",")) {
        words.push("of");
        j++;
        continue;
      }
      break;
    }
    const notName = (w: string): boolean =>
      NOT_NAMES.has(w.toLowerCase().replace(/\.$/, "")) || NOT_NAMES.has(w.toLowerCase().replace(/s$/, ""));
    while (words.length > 0 && (words[words.length - 1] === "of" || notName(words[words.length - 1] as string))) words.pop();
    while (
      words.length > 0 &&
      ((NOT_NAMES.has((words[0] as string).toLowerCase().replace(/\.$/, "")) && !TITLES.has((words[0] as string).toLowerCase())) ||
        isFunction(words[0] as string))
    )
      words.shift();
    // "Whereat Scrooge", "Then Bob": a sentence's capitalised first word that is no name elsewhere.
    const rest = stripPossessive(words.slice(1).join(" "));
    if (
      i === 0 &&
      words.length > 1 &&
      !midCaps.has(words[0] as string) &&
      !TITLES.has((words[0] as string).toLowerCase()) &&
      !isPlaceNoun(lexicon, rest.split(" ").pop() ?? "") &&
      (["Adverb", "Conjunction", "Adjective", "Preposition", "Determiner", "Expression"].some((tag) => t.tags.has(tag)) ||
        midCaps.has(rest) ||
        known.has(rest.toLowerCase()))
    )
      words.shift();
    // "called Scrooge Scrooge": a word said twice is one name.
    const deduped = words.filter((w, k) => w !== words[k - 1]);
    const name = stripPossessive(deduped.join(" ").trim());
    if (name !== "" && !isFunction(name) && !/^(?:[IVXLCDM]+|\d+)$/.test(name)) runs.push({ name, start: i, end: j });
    i = Math.max(i, j - 1);
  }
  return runs;
}
