import { SPEECH_SENTENCE } from "./facts";
import { bare, isContent, rootKey, sentencesOf, tokens } from "./words";

// How a character talks, read from its own material: the lines its `examples` give it (their
// openings and the names it calls people), what the persona and `speakingDetail` say of its
// speech (quoted words, "short sentences", "formal"), and what it knows most about (its topics,
// for steering an off-topic talk back home).

export interface Voice {
  /** Words it opens a line with ("Aye", "Well now"), from its examples and quoted speech. */
  openers: string[];
  /** What it calls the player ("love", "lad"). */
  address: string[];
  /** Contractions ("I'm") unless its speech is formal. */
  contract: boolean;
  /** Few words: no openers on facts, short answers. */
  terse: boolean;
  /** The nouns its lore and persona talk about most, most first. */
  topics: string[];
  /** The name it introduces itself by ("Maren Holt"; "Mina" for "Mina the Chef"). */
  name: string;
}

const FORMAL = /\b(formal\w*|precise\w*|never (?:uses? )?contractions|stiff\w*|courtly|archaic\w*|proper\w*)\b/i;
const TERSE = /\b(short sentences|few words|terse\w*|curt\w*|gruff\w*|laconic\w*|blunt\w*|clipped|brusque\w*|of few words)\b/i;
const ADDRESS_CUE = /\b(calls?|calling|address\w*|names?)\b/i;

/** The quoted words of a text ('love', "aye", “och”). */
const quoted = (text: string) => [...text.matchAll(/["“'‘]([\p{L}][\p{L} ,'-]{0,24}?)["”'’](?!\p{L})/gu)].map((m) => m[1]!.trim());

/** The character's lines of its `examples` ("Name: …" lines that are not the user's). */
export function exampleLines(examples: string): string[] {
  return examples
    .split(/\n+/)
    .map((line) => /^\s*([^:]{1,40}):\s*(.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && !/^(user|player|you|visitor|stranger|q)$/i.test(m[1]!.trim()))
    .map((m) => m[2]!.trim());
}

export function voiceOf(
  character: { name: string; persona: string; lore: string; examples: string; speakingDetail?: string },
  names: ReadonlySet<string> = new Set(),
): Voice {
  const speech = [...sentencesOf(character.persona).filter((s) => SPEECH_SENTENCE.test(s)), character.speakingDetail ?? ""].join(" ");
  const manner = `${character.persona} ${character.speakingDetail ?? ""}`;
  const openers: string[] = [];
  const address: string[] = [];
  for (const line of exampleLines(character.examples)) {
    // An opening word or two set off by a comma or a stop: "Aye, …", "Well now. …"
    const open = /^([\p{L}']+(?: [\p{L}']+)?)[,.!]\s+\S/u.exec(line)?.[1];
    if (
      open &&
      open.split(" ").length <= 2 &&
      tokens(open).every(
        (t) =>
          t.tags.has("Expression") ||
          t.tags.has("Adverb") ||
          /^(aye|och|ach|well|now|hm+|ah|oh|eh|right|so|listen|look|mm+|heh|ha|yes|no|nay)$/i.test(t.normal),
      )
    )
      openers.push(open);
    // A vocative at the end: "…, love." / "…, lad?"
    const vocative = /,\s*([\p{Ll}][\p{L}'-]+)[.!?]$/u.exec(line)?.[1];
    if (vocative && tokens(vocative).every((t) => t.tags.has("Noun") && !t.tags.has("Pronoun"))) address.push(vocative);
  }
  for (const q of quoted(speech)) {
    if (ADDRESS_CUE.test(speech.slice(Math.max(0, speech.indexOf(q) - 40), speech.indexOf(q)))) address.push(q);
    else if (q.split(" ").length <= 3) openers.push(q.charAt(0).toUpperCase() + q.slice(1));
  }
  const counts = new Map<string, number>();
  // A topic is said the way the lore says it most ("the hives", not "the hive").
  const surface = new Map<string, Map<string, number>>();
  for (const t of tokens(`${character.lore} ${character.persona.split(/\n/).join(" ")}`)) {
    if (
      !isContent(t) ||
      !t.tags.has("Noun") ||
      t.tags.has("Person") ||
      t.tags.has("ProperNoun") ||
      t.tags.has("Date") ||
      t.tags.has("Value") ||
      names.has(t.normal)
    )
      continue;
    const key = rootKey(t);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forms = surface.get(key) ?? new Map<string, number>();
    forms.set(t.normal, (forms.get(t.normal) ?? 0) + 1);
    surface.set(key, forms);
  }
  const topics = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([w]) => [...(surface.get(w) ?? new Map([[w, 1]])).entries()].sort((a, b) => b[1] - a[1])[0]![0])
    .slice(0, 4);
  return {
    openers: [...new Set(openers.map(bare))].slice(0, 6),
    address: [...new Set(address.map((a) => a.toLowerCase()))].slice(0, 4),
    contract: !FORMAL.test(manner),
    terse: TERSE.test(manner),
    topics,
    name: (character.name.split(/\s+the\s+/i)[0] ?? character.name).trim(),
  };
}

const CONTRACTIONS: [RegExp, string][] = [
  [/\bI am\b/g, "I'm"],
  // "I have" as an auxiliary only ("I have flown" → "I've flown"; "I have a boat" stays).
  [
    /\bI have (?=(?:\w+ed|\w+en|been|flown|known|grown|shown|thrown|drawn|kept|heard|seen|lived|had|got|made|done|told|lost|found|never|always|not|come|gone|run|taught|brought|thought|caught|fought|built|felt|left|meant|sent|spent|slept|held|sold|stood|met|read|led|fed|won|paid|said)\b)/g,
    "I've ",
  ],
  [/\bI will\b/g, "I'll"],
  [/\bI would\b/g, "I'd"],
  [/\bdo not\b/g, "don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bdid not\b/g, "didn't"],
  [/\bis not\b/g, "isn't"],
  [/\bwas not\b/g, "wasn't"],
  [/\bcannot\b/g, "can't"],
  [/\bwill not\b/g, "won't"],
  [/\bit is\b/g, "it's"],
  [/\bthat is\b/g, "that's"],
  [/\byou are\b/g, "you're"],
];

/** The character's way with contractions applied to a line. */
export function inVoice(line: string, voice: Voice): string {
  if (!voice.contract) return line;
  return CONTRACTIONS.reduce((s, [re, to]) => s.replace(re, to), line);
}
