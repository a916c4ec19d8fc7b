// Small, dependency-free text analysis for the local author: places, people, actions and things
// from a premise or a chapter, with regex-free token walking and word lists. Deterministic.

export const TONES = ["ominous", "bright", "wistful", "wondrous", "tense", "quiet"] as const;
export type Tone = (typeof TONES)[number];

export interface Action {
  /** Base form from the verb list ("steal"). */
  verb: string;
  /** "the crown", "Mara"; empty when the verb stood alone. */
  object: string;
}

export interface StoryFacts {
  /** "the old lighthouse", "Lisbon"; most mentioned first. */
  places: string[];
  /** "Mara", "Captain Ahab", "the detective"; most mentioned first. */
  people: string[];
  actions: Action[];
  /** "the crown", "a map"; in order of appearance. */
  things: string[];
  /** Distinct content words, in order of appearance. */
  words: string[];
  tone: Tone;
}

const MAX_SCANNED_CHARS = 40_000;
const MAX_WORD_CHARS = 24;
const MAX_PHRASE_WORDS = 3;

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

const STOPWORDS = set(`
the a an and or but if then so of in on at to into onto from by with without for as is are was were be been being am
it its this that these those there here he she they we you i me him her them us my your his their our who whom whose
which what when where why how not no nor all any some each every more most other such only own same than too very can
could will would shall should may might must do does did done have has had just also yet after before while until about
above below over under again once out up down off through between during because though although one two three said says
say like within upon toward towards across beneath behind beyond near around along past inside against among amid via
now never ever always still even much many few lot lots something nothing anything everything someone anyone everyone
himself herself itself themselves myself yourself ourselves whose whoever whatever finally suddenly slowly quickly
named called known
`);

/** First words that make a capitalised run a place name ("Port Ellis", "New Lisbon", "Lake Ohrid"). */
const PLACE_NAME_HEADS = set("port new fort mount mt lake cape san santa los las el la north south east west upper lower old great little isle glen");

const DETERMINERS = set("the a an this that his her their its my our your these those some every each");

/** Prepositions after which a determiner phrase is a place unless its head says otherwise. */
const SPATIAL = set("in at into inside through across beneath under near beyond within onto around along behind past toward towards over among");
/** Prepositions of motion/origin: a place only when the head is a place noun or a proper name. */
const MOTION = set("to from");

const PLACE_NOUNS = set(`
forest woods wood jungle grove orchard garden park meadow field fields farm valley canyon gorge cliff cliffs mountain
mountains peak hill hills ridge desert dunes oasis swamp marsh bog moor moors lake river stream creek waterfall sea ocean
shore coast beach bay harbor harbour port dock docks pier quay island islands reef cave caves cavern grotto tunnel tunnels
mine mines well city town village hamlet capital street streets alley lane road roads highway square market bazaar plaza
station platform train subway metro airport bridge tower towers lighthouse castle fortress citadel keep palace manor mansion
house home cottage cabin hut inn tavern pub hotel bar cafe restaurant kitchen cellar attic basement library archive archives
museum gallery school academy university college hospital asylum clinic laboratory lab factory workshop forge mill warehouse
office courtroom court prison jail dungeon crypt tomb graveyard cemetery church chapel cathedral temple shrine monastery abbey
ruins ruin camp base bunker outpost colony planet moon moons spaceship starship ship boat vessel submarine deck hold bridge
observatory arena stadium theater theatre circus carnival fair throne hall halls chamber room rooms corridor stairs staircase
rooftop roof roofs balcony courtyard gate gates wall walls maze labyrinth sewer sewers canal canals wasteland tundra glacier
ice volcano crater nebula galaxy space underworld realm kingdom empire country homeland frontier border wilderness sanctuary
`);

const ROLE_NOUNS = set(`
detective captain queen king prince princess knight witch wizard sorcerer sorceress mage thief pirate sailor soldier doctor
nurse scientist robot android girl boy woman man child children stranger traveler traveller wanderer hunter farmer merchant
priest monk nun ghost spirit dragon fox wolf cat dog bear owl raven crow horse sister brother mother father daughter son
grandmother grandfather grandma grandpa friend friends lover widow orphan baker smith blacksmith guard guards spy assassin
courier pilot astronaut explorer archaeologist librarian teacher student inventor engineer mechanic musician painter poet
writer journalist reporter officer sheriff outlaw cowboy samurai ninja monster creature alien aliens giant dwarf elf fairy
mermaid vampire zombie emperor empress duke duchess lord lady chef cook gardener miner diver ranger shepherd heir
apprentice mentor crew keeper keepers kid kids hermit oracle prophet healer warrior hero heroine villain rival twins family people
`);

/** Heads that make a phrase a time, not a thing ("a dark night"). */
const TIME_NOUNS = set("night nights day days morning mornings evening evenings dawn dusk noon midnight time times year years moment moments hour hours week weeks month months minute minutes second seconds while life lives way");

const TITLES = set(`
mr mrs ms miss dr doctor captain capt lady lord sir dame king queen prince princess professor prof detective inspector
sergeant officer father mother sister brother aunt uncle saint st madame monsieur herr frau general colonel admiral agent
`);

const COMMON_CAPS = set(`
the a an and but or if when then once in on at it he she they we you i his her their my our your this that these those
there here what where who why how after before as so chapter part book act prologue epilogue yes no oh ok okay
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
october november december god one two three four five six seven eight nine ten first second third last next every
some all each while until though although because meanwhile suddenly finally
`);

/** Base forms of actions a player can take; inflected forms are derived below. */
const ACTION_VERBS = `
find search steal escape rescue save chase hunt fight defeat explore discover uncover investigate follow track hide flee
run climb cross sail fly swim dig build repair fix open unlock break destroy burn protect defend guard deliver carry bring
return recover retrieve solve decode decipher reach enter leave meet confront warn help free capture catch trap win seek
question learn remember forget sing dance heal cure summon banish awaken wake dream trade bargain navigate survive betray
trust love marry kill murder poison bury light restore collect gather forge craft paint write read listen watch patrol
smuggle rob infiltrate sneak ambush attack storm negotiate reunite defy challenge outwit trick befriend tame ride drive
pilot launch land hack spy record broadcast wander travel journey pursue evade stop prevent expose unmask hold keep take
give send plant grow hunt guide lead chart cure mend weave sabotage`
  .split(/\s+/)
  .filter(Boolean);

const IRREGULAR: Record<string, string[]> = {
  find: ["found"],
  steal: ["stole", "stolen"],
  run: ["ran"],
  fight: ["fought"],
  seek: ["sought"],
  fly: ["flew", "flown", "flies"],
  swim: ["swam", "swum"],
  dig: ["dug"],
  build: ["built"],
  break: ["broke", "broken"],
  bring: ["brought"],
  catch: ["caught"],
  win: ["won"],
  meet: ["met"],
  leave: ["left"],
  ride: ["rode", "ridden"],
  drive: ["drove", "driven"],
  forget: ["forgot", "forgotten"],
  sing: ["sang", "sung"],
  wake: ["woke", "woken"],
  hide: ["hid", "hidden"],
  learn: ["learnt"],
  dream: ["dreamt"],
  light: ["lit"],
  write: ["wrote", "written"],
  flee: ["fled"],
  take: ["took", "taken"],
  give: ["gave", "given"],
  hold: ["held"],
  keep: ["kept"],
  send: ["sent"],
  lead: ["led"],
  grow: ["grew", "grown"],
  awaken: ["awoke"],
  read: [],
};

const VOWELS = "aeiou";
const isConsonant = (c: string | undefined): boolean => c !== undefined && /[a-z]/.test(c) && !VOWELS.includes(c);

/** The present third person singular: "catch" → "catches", "carry" → "carries". */
export function thirdPerson(verb: string): string {
  const special: Record<string, string> = { have: "has", do: "does", go: "goes", be: "is" };
  if (Object.prototype.hasOwnProperty.call(special, verb)) return special[verb] as string;
  if (/(s|x|z|ch|sh|o)$/.test(verb)) return `${verb}es`;
  if (verb.endsWith("y") && isConsonant(verb.charAt(verb.length - 2))) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function regularForms(base: string): string[] {
  const out = [base, thirdPerson(base)];
  const last = base.charAt(base.length - 1);
  const cvc = base.length <= 4 && isConsonant(last) && !"wxy".includes(last) && VOWELS.includes(base.charAt(base.length - 2)) && isConsonant(base.charAt(base.length - 3));
  if (base.endsWith("e")) {
    out.push(`${base}d`, `${base.slice(0, -1)}ing`);
  } else if (last === "y" && isConsonant(base.charAt(base.length - 2))) {
    out.push(`${base.slice(0, -1)}ied`, `${base}ing`);
  } else {
    out.push(`${base}ed`, `${base}ing`);
    if (cvc) out.push(`${base}${last}ed`, `${base}${last}ing`);
  }
  return out;
}

const VERB_FORMS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const base of ACTION_VERBS) {
    for (const form of [...regularForms(base), ...(IRREGULAR[base] ?? [])]) if (!map.has(form)) map.set(form, base);
  }
  return map;
})();

const TONE_WORDS: Record<Exclude<Tone, "quiet">, ReadonlySet<string>> = {
  ominous: set("dark darkness night shadow shadows blood death dead murder ghost ghosts haunted curse cursed fear dread grim crypt tomb grave doom poison monster nightmare black cold rot ruin"),
  bright: set("sun sunny summer laugh laughter joy festival gold golden bright light warm spring picnic bloom flowers sweet happy celebration dance song party"),
  wistful: set("rain grief lost memory memories alone lonely autumn letter farewell goodbye missing mourning tears old forgotten remember longing empty winter"),
  wondrous: set("magic magical star stars dream dreams wonder crystal spell enchanted fairy dragon moon aurora myth legend secret hidden ancient cosmic nebula"),
  tense: set("chase escape war battle hunt fire storm race heist alarm siege attack danger explosion bomb fight trap deadline pursuit gun"),
};

/** The dominant tone of some words; `quiet` when none of the word lists match. */
export function detectTone(words: readonly string[]): Tone {
  let best: Tone = "quiet";
  let bestCount = 0;
  for (const tone of TONES) {
    if (tone === "quiet") continue;
    const lexicon = TONE_WORDS[tone];
    let count = 0;
    for (const w of words) if (lexicon.has(w)) count++;
    if (count > bestCount) {
      best = tone;
      bestCount = count;
    }
  }
  return best;
}

/**
 * User text made safe for prose: no template braces (they would read as `{slot}`s), no control,
 * format, surrogate or unassigned code points (PostgreSQL's jsonb refuses NUL and lone
 * surrogates), whitespace collapsed.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[{}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` code points, cut at a word boundary when one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export const capitalize = (s: string): string => {
  const first = Array.from(s)[0];
  return first === undefined ? s : first.toUpperCase() + s.slice(first.length);
};

interface Token {
  text: string;
  lower: string;
  cap: boolean;
  sentenceStart: boolean;
  punct: boolean;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|[.!?;:,\n"“”()]/gu;
  let sentenceStart = true;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const raw = m[0];
    if (/^[.!?;:,\n"“”()]$/.test(raw)) {
      out.push({ text: raw, lower: raw, cap: false, sentenceStart: false, punct: true });
      if (/[.!?\n]/.test(raw)) sentenceStart = true;
      continue;
    }
    const word = Array.from(raw).slice(0, MAX_WORD_CHARS).join("");
    const first = Array.from(word)[0] ?? "";
    const cap = first !== first.toLowerCase() && first === first.toUpperCase();
    out.push({ text: word, lower: word.toLowerCase(), cap, sentenceStart, punct: false });
    sentenceStart = false;
  }
  return out;
}

class Counter {
  private readonly counts = new Map<string, { label: string; count: number; first: number }>();
  private order = 0;
  add(label: string, weight = 1): void {
    const key = label.toLowerCase();
    const hit = this.counts.get(key);
    if (hit) hit.count += weight;
    else this.counts.set(key, { label, count: weight, first: this.order++ });
  }
  has(label: string): boolean {
    return this.counts.has(label.toLowerCase());
  }
  delete(label: string): void {
    this.counts.delete(label.toLowerCase());
  }
  ranked(): string[] {
    return [...this.counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).map((e) => e.label);
  }
  inOrder(): string[] {
    return [...this.counts.values()].sort((a, b) => a.first - b.first).map((e) => e.label);
  }
}

const isWord = (t: Token | undefined): t is Token => t !== undefined && !t.punct;

/**
 * Blank lines and short unpunctuated lines (titles, headings) end a sentence; other line breaks
 * are hard wraps inside one.
 */
function lineBreaksAsSentences(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (t === "") return ".";
      return t.length <= 60 && !/[.!?,;:]$/.test(t) ? `${t} .` : t;
    })
    .join(" ");
}

/** Reads places, people, actions and things out of a premise or a chapter. */
export function extractStory(source: string): StoryFacts {
  const text = cleanText(lineBreaksAsSentences(source.slice(0, MAX_SCANNED_CHARS)));
  const tokens = tokenize(text);
  const lowerSeen = new Set<string>();
  for (const t of tokens) if (!t.punct && !t.cap) lowerSeen.add(t.lower);

  const places = new Counter();
  const people = new Counter();
  const things = new Counter();
  const words = new Counter();
  const actions: Action[] = [];
  const actionKeys = new Set<string>();

  // A capitalised word that may start a name: never a common word; at a sentence start only
  // when the text never uses it in lower case (then it is not an ordinary word).
  const nameLike = (t: Token | undefined): boolean =>
    isWord(t) &&
    t.cap &&
    !COMMON_CAPS.has(t.lower) &&
    !STOPWORDS.has(t.lower) &&
    !/^[IVXLCDM]+$/.test(t.text) &&
    (!t.sentenceStart || (!lowerSeen.has(t.lower) && !VERB_FORMS.has(t.lower) && !/(ing|ly)$/.test(t.lower)));

  /** A capitalised run from i ("Captain Ahab", "New Lisbon"); [label, next index]. */
  const nameRun = (i: number): [string, number] => {
    const parts: string[] = [];
    let j = i;
    while (parts.length < 3 && isWord(tokens[j]) && (tokens[j] as Token).cap && !COMMON_CAPS.has((tokens[j] as Token).lower)) {
      parts.push((tokens[j] as Token).text);
      j++;
    }
    return [parts.join(" "), j];
  };

  /** Words of a determiner phrase from i, stopping at stopwords, verbs and punctuation. */
  const phrase = (i: number): [string[], number] => {
    const parts: string[] = [];
    let j = i;
    while (parts.length < MAX_PHRASE_WORDS) {
      const t = tokens[j];
      if (!isWord(t) || STOPWORDS.has(t.lower) || DETERMINERS.has(t.lower)) break;
      if (parts.length > 0 && VERB_FORMS.has(t.lower)) break;
      parts.push(t.cap && !t.sentenceStart ? t.text : t.lower);
      j++;
    }
    return [parts, j];
  };

  const classify = (parts: string[], prep: string | null): "place" | "person" | "thing" => {
    const head = (parts[parts.length - 1] as string).toLowerCase();
    if (ROLE_NOUNS.has(head)) return "person";
    if (PLACE_NOUNS.has(head)) return "place";
    if (prep !== null && SPATIAL.has(prep)) return "place";
    return "thing";
  };

  for (const t of tokens) {
    if (!t.punct && !STOPWORDS.has(t.lower) && !DETERMINERS.has(t.lower) && Array.from(t.lower).length >= 3 && !VERB_FORMS.has(t.lower)) {
      words.add(t.lower);
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.punct) continue;
    const prev = i > 0 ? tokens[i - 1] : undefined;
    const prep = isWord(prev) && (SPATIAL.has(prev.lower) || MOTION.has(prev.lower)) ? prev.lower : null;

    // "the old lighthouse", "a map", "the detective": a determiner phrase.
    if (DETERMINERS.has(t.lower)) {
      const [parts, next] = phrase(i + 1);
      if (parts.length > 0) {
        const kind = classify(parts, prep);
        const article = t.lower === "a" || t.lower === "an" ? (kind === "thing" ? t.lower : "the") : "the";
        const label = `${article} ${parts.join(" ")}`;
        if (kind === "place") places.add(label);
        else if (kind === "person") people.add(label);
        else if (!TIME_NOUNS.has((parts[parts.length - 1] as string).toLowerCase())) things.add(label);
        i = next - 1;
      }
      continue;
    }

    // Names: after a place preposition a capitalised run is a place, otherwise a person.
    if (nameLike(t)) {
      if (TITLES.has(t.lower)) {
        const [label, next] = nameRun(i);
        if (next > i + 1) {
          people.add(label);
          i = next - 1;
          continue;
        }
      }
      const [label, next] = nameRun(i);
      if (label !== "") {
        const parts = label.split(" ");
        const placeName =
          prep !== null ||
          (parts.length > 1 && PLACE_NAME_HEADS.has((parts[0] as string).toLowerCase())) ||
          PLACE_NOUNS.has((parts[parts.length - 1] as string).toLowerCase());
        if (placeName) places.add(label);
        else people.add(label);
        i = next - 1;
      }
      continue;
    }

    // Actions: a verb from the list with what it acts on.
    const verb = VERB_FORMS.get(t.lower);
    if (verb !== undefined) {
      let object = "";
      let j = i + 1;
      if (isWord(tokens[j]) && set("up out back down away off").has((tokens[j] as Token).lower)) j++;
      const nextToken = tokens[j];
      if (isWord(nextToken) && DETERMINERS.has(nextToken.lower)) {
        const [parts] = phrase(j + 1);
        if (parts.length > 0) object = `${nextToken.lower === "a" || nextToken.lower === "an" ? nextToken.lower : "the"} ${parts.join(" ")}`;
      } else if (nameLike(nextToken) || (isWord(nextToken) && nextToken.cap && !nextToken.sentenceStart && !COMMON_CAPS.has(nextToken.lower))) {
        object = nameRun(j)[0];
      }
      const key = `${verb} ${object}`.toLowerCase();
      if (!actionKeys.has(key) && actions.length < 16) {
        actionKeys.add(key);
        actions.push({ verb, object });
      }
    }
  }

  // A name seen both as a place and as a person is whichever it was called more often; keep
  // places and people disjoint.
  for (const p of people.ranked()) if (places.has(p)) places.delete(p);
  for (const p of places.ranked()) if (things.has(p)) things.delete(p);
  for (const p of people.ranked()) if (things.has(p)) things.delete(p);

  const allWords = words.inOrder();
  return {
    places: places.ranked().slice(0, 12),
    people: people.ranked().slice(0, 8),
    actions,
    things: things.inOrder().slice(0, 12),
    words: allWords.slice(0, 32),
    tone: detectTone(tokens.filter((x) => !x.punct).map((x) => x.lower)),
  };
}

/** Splits prose into sentences (for summaries). */
export function sentences(text: string): string[] {
  return cleanText(text)
    .split(/(?<=[.!?…])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
