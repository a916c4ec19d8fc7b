import { bare, expandContractions, HAZARD_ROOTS, isContent, parseLine, rootKey, valenceOf, type Token } from "./words";

const rootsOf = (tokens: Token[]) => [...new Set(tokens.filter(isContent).map(rootKey))];

// What the player said, understood before it is answered: which acts the line performs
// (a greeting, a question and what it is about, a plan and how risky it is, kindness, an insult,
// a farewell) and what it says about the player. compromise reads the grammar (sentence types,
// tags, contractions, lemmas), VADER the valence; the patterns below are the speech acts' own
// phrasings, matched on the expanded text ("I'll" → "I will").

export type Wh = "who" | "what" | "where" | "when" | "why" | "how" | "howmany" | "yesno";

export interface Question {
  wh: Wh;
  /** The question, trimmed. */
  text: string;
  /** Its content lemmas. */
  roots: string[];
  /** It asks about the character ("you", "your"), about the player ("me", "my"), or neither. */
  aboutYou: boolean;
  aboutMe: boolean;
  /** "How are you?" and its kin. */
  wellbeing: boolean;
  /** "Do you remember my name?", "What did I tell you?" */
  recall: boolean;
  /** Its main noun phrase ("the stock market"), for saying what is not known. */
  topic: string;
}

export interface Plan {
  /** The plan as the player said it, from the verb on: "row out tonight to find the bell". */
  act: string;
  roots: string[];
  /** 0..1 before the lore is consulted: hazard words and a negative valence. */
  hazard: number;
}

export interface Understanding {
  text: string;
  greeting: boolean;
  /** "Good evening" → "evening", for answering in kind. */
  greetingWord?: string;
  farewell: boolean;
  question?: Question;
  plan?: Plan;
  /** 0..1 */
  kindness: number;
  insult: number;
  /** The player threatens the character. */
  threat: boolean;
  /** The player is low (sad, lonely, afraid for themselves). */
  sadness: boolean;
  /** A gift or a deed: "I brought you some bread" → {verb: "brought", thing: "some bread"}. */
  gift?: { verb: string; thing: string };
  /** What the player says of themselves ("my name is Sam", "I am a fisherman"). */
  name?: string;
  aboutPlayer: string[];
  /** VADER's valence of the line, -1..1, and how loud it is, 0..1. */
  valence: number;
  intensity: number;
  roots: string[];
}

const GREETING =
  /^(?:hello|hi|hey|hiya|howdy|greetings|good (morning|evening|afternoon|day)|(morning|evening|afternoon)|well met|ahoy|hullo)\b/i;
const FAREWELL =
  /\b(?:good ?bye|bye|farewell|good night|goodnight|see you|so long|take care|until (?:next time|tomorrow)|i (?:must|have to|should|need to) (?:go|leave|be going|be off|get going)|i am (?:off|leaving|going now))\b/i;
const HOSTILE =
  /\b(?:shut up|go away|get lost|leave me alone|go to hell|drop dead|piss off|bugger off|nobody cares|no one cares|who cares|you (?:are|were) (?:a |an )?(?:\w+ )?(?:\w+ ){0,3}(?:fool|idiot|liar|joke|disgrace|coward|fraud|hag|crone|witch|bore|nobody|useless|pathetic|stupid|worthless|boring|mad|crazy|dull|ugly|pirate|has-been|wreck))\b|\b(?:this|your|that) \w+ is a (?:joke|disgrace|dump|mess)\b/i;
const THREAT =
  /\b(?:i (?:will|shall|am going to|could|can) (?:kill|hurt|burn|destroy|drown|hit|strangle|stab|shoot|break) you|i will make you (?:pay|suffer)|you will (?:die|pay|regret))\b/i;
const KIND =
  /\b(?:thank(?:s| you)|i (?:brought|made|baked|got|saved|found|picked|carried) you|for you|you (?:are|were|have been) (?:so |very |really )?(?:kind|sweet|good|brave|wonderful|lovely|generous|wise|clever|a (?:good|kind|true) \w+)|i (?:like|love|admire|appreciate|trust) (?:you|your)|well done|bless you|i am (?:glad|happy) (?:to meet|i met|you)|nice to meet you|pleased to meet you)\b/i;
const SAD =
  /\b(?:i am (?:so |very |really )?(?:sad|lonely|lost|tired|afraid|scared|frightened|worried|miserable|alone)|i miss|i lost|i cannot (?:sleep|go on)|nobody loves me)\b/i;
const GIFT = /\bi (brought|made|baked|got|saved|found|picked|carried|kept) you ([^.!?,;]+)/i;
const PLAN =
  /\b(?:i|we) (?:will|shall|am going to|are going to|am gonna|plan to|mean to|intend to|want to|have to|must|am about to|will have to) ((?:not )?(?:\w+ly )?[a-z]+ [^.!?;]*)/i;
/** "I am rowing out tonight": a progressive with a time ahead is a plan too. */
const PLAN_NOW =
  /\b(?:i|we) (?:am|are) ([a-z]+ing\b[^.!?;]*\b(?:tonight|tomorrow|soon|at dawn|at dusk|this (?:evening|night|morning)|next \w+|now)\b[^.!?;]*)/i;
const NAME = /\b(?:[Mm]y name is|[Ii] am called|[Cc]all me|[Tt]hey call me|[Tt]he name is)\s+(\p{Lu}[\p{L}'-]+)/u;
const I_AM_NAME = /\bi am ([A-Z][\p{L}'-]+)\b/u;
const RECALL =
  /\b(?:remember|recall|forget|forgot)\b.*\b(?:me|my|i)\b|\bwhat (?:did|have) i (?:tell|told|say|said)\b|\bwho am i\b|\bdo you know (?:my name|who i am)\b|\bwhat is my name\b/i;
const WELLBEING =
  /^(?:how are you|how do you do|how have you been|how is it going|how are things|are you (?:well|ok|okay|alright|all right))\b/i;

/** What is said of the listener: "you are a fool", "your soup tastes like mud", "you useless old crone". */
const EVALUATION =
  /\byou (?:are|were|look|sound|smell|seem|act) [^.!?,;]*|\byour \w+(?: \w+)? (?:is|are|was|were|looks?|sounds?|smells?|stinks?|tastes?) [^.!?,;]*|\byou (?:\w+ ){0,2}(?:fool|idiot|crone|hag|liar|coward|oaf|wretch|witch|brute|pig|rat|worm|snake|monster|cow|dog)\b/g;

const expand = (text: string) => expandContractions(text).replace(/\s+/g, " ");

function whOf(sentence: string): Wh {
  const s = sentence.toLowerCase();
  if (/^how (?:many|much|long|old|far)\b/.test(s)) return "howmany";
  const first = /^(who|whom|whose|what|which|where|when|why|how)\b/.exec(s)?.[1];
  if (first === "whom" || first === "whose") return "who";
  if (first === "which") return "what";
  if (first) return first as Wh;
  if (/^(?:tell me|say) (?:about|of)\b/.test(s)) return "what";
  return "yesno";
}

function topicOf(nouns: string[]): string {
  const topic = nouns
    .map((n) => bare(n))
    .find((n) => n.replace(/^(?:the|your|my)\s+/i, "").length > 2 && !/^(?:you|me|it|this|that|thing|anything|something)$/i.test(n));
  return (topic ?? "").replace(/^The\b/, "the");
}

const READ = new Map<string, Understanding>();

/** The acts of one line, before any of them is answered (remembered: a history is read once, not every turn). */
export function understand(text: string, limit = 600): Understanding {
  // A line is read up to its first `limit` characters (cut on a word): a talk turn is a few
  // sentences, and the grammar's cost grows with the text (the route takes 4,000 characters, a
  // history 50 lines of them).
  const cut = text.length > limit ? text.slice(0, Math.max(text.lastIndexOf(" ", limit), limit / 2)) : text;
  const cached = READ.get(cut);
  if (cached) return cached;
  const read = readLine(cut);
  READ.set(cut, read);
  if (READ.size > 4000) READ.delete(READ.keys().next().value!);
  return read;
}

function readLine(text: string): Understanding {
  const expanded = expand(text);
  const lower = expanded.toLowerCase();
  const parsed = parseLine(expanded);
  const sentences = parsed.map((p) => p.text);
  const lineTokens = parsed.flatMap((p) => p.tokens);
  const valence = valenceOf(text);
  const greet = GREETING.exec(expanded.trim());
  const letters = text.replace(/[^\p{L}]/gu, "");
  const shouting = letters.length >= 6 && letters === letters.toUpperCase();
  const intensity = Math.min(1, (text.match(/!/g) ?? []).length * 0.25 + (shouting ? 0.5 : 0) + Math.abs(valence) * 0.3);

  // The line's last question is the one answered (its noun phrases are read for it alone: compromise
  // reads them over the whole document each time).
  let question: Question | undefined;
  const asked = parsed.filter((p) => /\?\s*$/.test(p.text) || p.question || /^(?:tell me (?:about|of)|what about)\b/i.test(p.text)).at(-1);
  if (asked) {
    const sentence = asked;
    const s = sentence.text.toLowerCase();
    question = {
      wh: whOf(sentence.text),
      text: bare(sentence.text),
      roots: rootsOf(sentence.tokens),
      aboutYou: /\b(?:you|your|yours|yourself)\b/.test(s),
      aboutMe: /\b(?:me|my|mine|i|myself)\b/.test(s),
      wellbeing: WELLBEING.test(s),
      recall: RECALL.test(s),
      topic: topicOf(sentence.nouns()),
    };
  }

  const planMatch = PLAN.exec(expanded) ?? PLAN_NOW.exec(expanded);
  let plan: Plan | undefined;
  if (
    planMatch?.[1] &&
    !question &&
    !/^(?:sorry|glad|happy|sad|afraid|tired|lost|so|very|fine|well|here|back|called|from|a |an |the |not sure)/i.test(planMatch[1])
  ) {
    const act = bare(planMatch[1]);
    const actWords = new Set(act.toLowerCase().split(/[^\p{L}\p{N}']+/u));
    const roots = rootsOf(lineTokens.filter((t) => actWords.has(t.normal)));
    const hazards = roots.filter((r) => HAZARD_ROOTS.has(r)).length;
    plan = { act, roots, hazard: Math.min(1, hazards * 0.45 + Math.max(0, -valenceOf(act)) * 0.6) };
  }

  const second = /\b(?:you|your|yours|yourself)\b/.test(lower);
  const hostile = HOSTILE.test(lower);
  const threat = THREAT.test(lower);
  // An insult is hostility or a bad word about the listener: "you are …", "your … is …", "you … crone",
  // or a statement hard against them ("I hate you"); a question about a sad thing is none.
  const aimed = sentences
    .filter((s) => !/\?\s*$/.test(s))
    .flatMap((s) =>
      [...s.toLowerCase().matchAll(EVALUATION)]
        .map((m) => valenceOf(m[0]))
        .concat(/\b(?:you|your)\b/i.test(s) && !SAD.test(s.toLowerCase()) ? [valenceOf(s) + 0.3] : []),
    );
  const worst = Math.min(0, ...aimed);
  // Contempt for the character's place or work is aimed at it too: "I hate this place".
  const scorn = /\bi (?:hate|despise|loathe|detest) (?:this|your|it here|everything)\b/.test(lower) ? 0.5 : 0;
  const insult = hostile || threat ? Math.max(0.7, -valence) : worst < -0.2 ? Math.min(1, -worst + 0.2) : scorn;
  const kindMatch = KIND.test(lower);
  const kindness = insult > 0 ? 0 : kindMatch ? Math.max(0.5, valence) : valence > 0.6 && second && !question ? valence * 0.8 : 0;
  const giftMatch = GIFT.exec(expanded);

  const iAm = I_AM_NAME.exec(expanded)?.[1];
  const name = NAME.exec(expanded)?.[1] ?? (iAm && lineTokens.some((t) => t.text === iAm && t.tags.has("Person")) ? iAm : undefined);
  // What the player says of themselves: "I am a fisherman", "my father built boats" (a line about the character is not).
  const aboutPlayer = sentences
    .flatMap((s) => s.split(/,?\s+and\s+(?=(?:i|my)\b)/i))
    .filter(
      (s) =>
        /^(?:i|my)\b/i.test(s) &&
        !/\?\s*$/.test(s) &&
        !/\b(?:you|your)\b/i.test(s) &&
        !FAREWELL.test(s) &&
        !PLAN.test(s) &&
        !/^my name is\b/i.test(s),
    )
    .map(bare);

  return {
    text,
    greeting: !!greet,
    ...(greet ? { greetingWord: (greet[1] ?? greet[2])?.toLowerCase() } : {}),
    farewell: FAREWELL.test(lower),
    ...(question ? { question } : {}),
    ...(plan ? { plan } : {}),
    kindness,
    insult,
    threat,
    sadness: SAD.test(lower),
    ...(giftMatch ? { gift: { verb: giftMatch[1]!.toLowerCase(), thing: bare(giftMatch[2]!) } } : {}),
    ...(name ? { name } : {}),
    aboutPlayer,
    valence,
    intensity,
    roots: rootsOf(lineTokens),
  };
}
